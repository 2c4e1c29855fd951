#pragma once
#include "gpurng/gpurng.hpp"
#include "../tests/helpers.hpp"  // rule 4
