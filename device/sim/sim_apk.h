/*
 * sim_apk.h - reading the app spec out of an APK, the way trident-simd's
 * package manager installs one.
 *
 * An APK is a zip archive. The simulated device runs the app described by
 * the asset `assets/trident-app.json` (SIM_APK_SPEC_ENTRY: that name is the
 * contract, see docs/app-spec.md); the rest of the APK (the binary
 * manifest, resources, signatures) is kept as is, so `pm path` + pull hand
 * back the very bytes that were installed.
 *
 * The archive is untrusted input: only the central directory is trusted to
 * locate entries, every offset and size is bounds-checked against the
 * buffer, ZIP64, encrypted entries and methods other than stored (0) and
 * deflate (8) are refused, inflated sizes are capped and the CRC-32 is
 * checked. Errors carry a reason fit for Android's
 * `Failure [INSTALL_FAILED_INVALID_APK: ...]` line.
 */
#ifndef TRIDENT_DEVICE_SIM_SIM_APK_H
#define TRIDENT_DEVICE_SIM_SIM_APK_H

#include <stddef.h>

#include "core/error.h"

#define SIM_APK_SPEC_ENTRY "assets/trident-app.json"
#define SIM_APK_MAX_BYTES (64u << 20)

/*
 * Find entry `name` in the zip archive `apk` (`len` bytes) and return its
 * uncompressed contents in *out (malloc'd, NUL-terminated, owned by the
 * caller) and *out_len. Entries larger than `cap` bytes are refused.
 * TD_ERR_NOT_FOUND when the archive has no such entry, TD_ERR_PARSE when it
 * is not a well-formed zip (message says why), TD_ERR_TOO_BIG over a cap,
 * TD_ERR_UNSUPPORTED for ZIP64, encryption or an unknown method.
 */
int sim_apk_read_entry(const void *apk, size_t len, const char *name, size_t cap, char **out,
		       size_t *out_len) TD_MUST_CHECK;

#endif
