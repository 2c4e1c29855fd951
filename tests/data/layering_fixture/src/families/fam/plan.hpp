#pragma once
#include "gpurng/core/ok.hpp"
