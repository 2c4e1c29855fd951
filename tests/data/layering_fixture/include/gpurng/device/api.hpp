#pragma once
#include "gpurng/core/ok.hpp"
#include <gpurng/gpurng.hpp>  // rule 2: the host API
