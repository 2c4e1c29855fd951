#pragma once
#include "engines/front.hpp"  // tests may look inside src/
