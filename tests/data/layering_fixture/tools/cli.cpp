#include <gpurng/gpurng.hpp>
#include "util.hpp"               // src/support/: the internal target, allowed
#include "engines/front.hpp"      // rule 5
