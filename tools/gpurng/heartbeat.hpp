// Calls a function once a second on its own thread until destroyed: the parameter searches
// (gpurng dc, gpurng mtgpdc) use it to redraw their progress line while one set takes minutes, so
// the elapsed time keeps moving between finished sets.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace gpurng::cli {

class Heartbeat {
 public:
  // Does nothing (starts no thread) when `enabled` is false.
  Heartbeat(bool enabled, std::function<void()> beat) : beat_(std::move(beat)) {
    if (enabled) thread_ = std::thread([this] { loop(); });
  }
  Heartbeat(const Heartbeat&) = delete;
  Heartbeat& operator=(const Heartbeat&) = delete;
  ~Heartbeat() { stop(); }

  // Stops the thread (idempotent); the function is not called after this returns.
  void stop() {
    {
      std::lock_guard<std::mutex> guard(mutex_);
      stopped_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
  }

 private:
  void loop() {
    std::unique_lock<std::mutex> guard(mutex_);
    while (!wake_.wait_for(guard, std::chrono::seconds(1), [this] { return stopped_; })) {
      guard.unlock();
      beat_();
      guard.lock();
    }
  }

  std::function<void()> beat_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopped_ = false;
  std::thread thread_;
};

}  // namespace gpurng::cli
