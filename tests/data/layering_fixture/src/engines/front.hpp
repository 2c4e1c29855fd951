#pragma once
#include "engine_impl.hpp"
