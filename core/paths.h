/*
 * paths.h - where trident's data files (prompts/, configs/apps/) are: next
 * to an installed binary (PREFIX/bin/trident -> PREFIX/share/trident, as
 * `make install` lays them out, DESTDIR included), else the source tree the
 * binary was built from (build/trident, build/trident-simd).
 */
#ifndef TRIDENT_CORE_PATHS_H
#define TRIDENT_CORE_PATHS_H

/*
 * The data directory: BINDIR/../share/trident when it holds prompts/,
 * else TRIDENT_SOURCE_DIR. Computed once; never NULL; not to be freed.
 */
const char *trident_data_dir(void);
/* trident_data_dir() + "/" + rel. Caller frees. */
char *trident_data_path(const char *rel);

#endif
