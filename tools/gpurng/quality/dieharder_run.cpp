#include "dieharder_run.hpp"

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <exception>
#include <thread>

#include "gpurng/gpurng.hpp"

namespace gpurng::cli::quality {
namespace {

bool executable(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

}  // namespace

std::string find_program(const std::string& name) {
  if (name.find('/') != std::string::npos) return executable(name) ? name : "";
  const char* path = std::getenv("PATH");
  if (path == nullptr) return "";
  std::string dirs = path;
  std::size_t start = 0;
  while (start <= dirs.size()) {
    const std::size_t end = std::min(dirs.find(':', start), dirs.size());
    const std::string dir = dirs.substr(start, end - start);
    const std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
    if (executable(candidate)) return candidate;
    start = end + 1;
  }
  return "";
}

DieharderRun run_dieharder(const std::string& program, const std::vector<std::string>& args, const ByteSource& source,
                           std::FILE* progress) {
  int in[2], out[2];
  if (::pipe(in) != 0) throw Error(Status::io_error, "cannot create a pipe to " + program);
  if (::pipe(out) != 0) {
    ::close(in[0]);
    ::close(in[1]);
    throw Error(Status::io_error, "cannot create a pipe from " + program);
  }
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(program.c_str()));
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid < 0) {
    for (int fd : {in[0], in[1], out[0], out[1]}) ::close(fd);
    throw Error(Status::io_error, "cannot start " + program);
  }
  if (pid == 0) {  // the child: stdin from our pipe, stdout and stderr into the other
    ::dup2(in[0], STDIN_FILENO);
    ::dup2(out[1], STDOUT_FILENO);
    ::dup2(out[1], STDERR_FILENO);
    for (int fd : {in[0], in[1], out[0], out[1]}) ::close(fd);
    ::execv(program.c_str(), argv.data());
    std::_Exit(127);
  }
  ::close(in[0]);
  ::close(out[1]);
  // dieharder closes its input when the battery ends: writes then fail with EPIPE, not a signal.
  struct sigaction ignore {}, previous {};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &previous);

  DieharderRun run;
  std::atomic<std::uint64_t> fed{0};
  std::exception_ptr feeder_error;
  std::thread feeder([&] {
    std::vector<unsigned char> buf(std::size_t{1} << 22);
    try {
      for (;;) {
        const std::size_t n = source(buf.data(), buf.size());
        if (n == 0) break;
        std::size_t done = 0;
        while (done < n) {
          const ssize_t w = ::write(in[1], buf.data() + done, n - done);
          if (w < 0 && errno == EINTR) continue;
          if (w <= 0) {
            done = n + 1;  // the reader has gone: the battery is over (or failed)
            break;
          }
          done += static_cast<std::size_t>(w);
          fed += static_cast<std::uint64_t>(w);
        }
        if (done > n) break;
      }
    } catch (...) {
      feeder_error = std::current_exception();
      ::kill(pid, SIGTERM);  // a battery left without input might wait for it forever
    }
    ::close(in[1]);
  });

  std::FILE* report = ::fdopen(out[0], "r");
  std::string line;
  int c;
  while ((c = std::fgetc(report)) != EOF) {
    if (c != '\n') {
      line.push_back(static_cast<char>(c));
      continue;
    }
    const std::size_t v = line.find("dieharder version ");
    if (v != std::string::npos && run.version.empty()) {
      const std::size_t a = v + 18, b = line.find(' ', a);
      run.version = line.substr(a, b == std::string::npos ? std::string::npos : b - a);
    }
    if (auto r = parse_dieharder_line(line)) {
      run.results.push_back(*r);
      const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::fprintf(progress, "dieharder [%3zu] %-24s ntup %2d  p = %.8f  %-6s  (%.1f GB fed, %.0f s)\n",
                   run.results.size(), r->test.c_str(), r->ntup, r->p_value, r->assessment.c_str(),
                   static_cast<double>(fed.load()) / 1e9, secs);
      std::fflush(progress);
    }
    line.clear();
  }
  std::fclose(report);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  feeder.join();  // with dieharder gone, the feeder's next write fails (EPIPE) and it stops
  run.bytes_fed = fed.load();
  ::sigaction(SIGPIPE, &previous, nullptr);
  run.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (feeder_error) std::rethrow_exception(feeder_error);
  if (run.exit_status == 127 && run.results.empty()) throw Error(Status::io_error, "cannot run " + program);
  return run;
}

}  // namespace gpurng::cli::quality
