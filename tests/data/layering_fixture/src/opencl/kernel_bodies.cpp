// Fixture: an OpenCL kernel body that includes the host API and <vector> (rule 8).
#include <vector>

#include "gpurng/gpurng.hpp"
