# cmake -DINPUT=file -DOUTPUT=file.inc -P embed_text.cmake: writes OUTPUT, a C++ raw string literal
# holding INPUT's text, for `#include` as an initializer (the conformance command's expected digests).
file(READ "${INPUT}" text)
file(WRITE "${OUTPUT}" "// Generated from ${INPUT} by cmake/embed_text.cmake; do not edit.\nR\"gpurng_embed(${text})gpurng_embed\"\n")
