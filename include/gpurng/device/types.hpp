// Small value types returned by the device API's generators (pairs of normals).
#pragma once

namespace gpurng::device {

struct Float2 {
  float x, y;
};
struct Double2 {
  double x, y;
};

}  // namespace gpurng::device
