#pragma once
#include "gpurng/core/ok.hpp"
#include "engines/front.hpp"  // rule 3
// #include "../engine_impl.hpp"
/* #include "../engine_impl.hpp"
#include "engine_impl.hpp" */
