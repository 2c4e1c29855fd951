#include "cpu/fill.hpp"  // rule 5
