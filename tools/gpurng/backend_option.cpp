#include "backend_option.hpp"

namespace gpurng::cli {

Backend parse_backend_option(const std::string& s) {
  if (s == "auto") return Backend::automatic;
  if (s == "cpu") return Backend::cpu;
  if (s == "cuda") return Backend::cuda;
  if (s == "opencl") return Backend::opencl;
  throw Error(Status::invalid_argument, "--backend: '" + s + "' is not one of auto, cpu, cuda, opencl");
}

}  // namespace gpurng::cli
