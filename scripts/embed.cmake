# Turn a text file into a C string constant: cmake -DIN= -DOUT= -DSYMBOL= -P embed.cmake
file(READ "${IN}" content HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${content}")
file(WRITE "${OUT}" "/* generated from ${IN}; do not edit */\n#include <stddef.h>\nconst char ${SYMBOL}[] = {${bytes} 0x00};\nconst size_t ${SYMBOL}_len = sizeof(${SYMBOL}) - 1;\n")
