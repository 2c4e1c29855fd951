static const char* pattern = "a/*b";
  #  include "../engine_impl.hpp"  // rule 3, after a string holding "/*"
