/*
 * sim_render.h - draws a laid-out simulated screen (sim_view.h) the way a
 * plain Material app looks: status bar, app bar with the title, buttons,
 * text fields, checkboxes, switches, list rows, tabs, bottom navigation,
 * FABs, dialogs over a scrim, toasts, image placeholders and seekbars.
 *
 * Every view is drawn inside its own bounds, which are the bounds of the
 * UIAutomator dump, so the picture and the XML agree to the pixel. Cairo is
 * used only inside sim_render.c; callers get bytes.
 *
 * Both functions are reentrant (no global state) and append to `out`; on
 * failure `out` is left as it was and a td_error() message says why.
 */
#ifndef TRIDENT_DEVICE_SIM_SIM_RENDER_H
#define TRIDENT_DEVICE_SIM_SIM_RENDER_H

#include "core/strbuf.h"
#include "device/sim/sim_view.h"

/*
 * Append the screen as PNG bytes (what `screencap -p` prints): 8-bit RGBA
 * v->width x v->height. TD_ERR_INVALID for a missing tree or a size outside
 * 1..8192, TD_ERR_TOO_BIG when `out`'s cap would be passed.
 */
int sim_render_png(const struct sim_screen_view *v, struct strbuf *out) TD_MUST_CHECK;

/*
 * Append the screen in `screencap` raw format (what plain `screencap`
 * prints): a 16-byte little-endian header u32 width, u32 height,
 * u32 format (5 = BGRA_8888, SIM_RENDER_RAW_FORMAT), u32 colorspace
 * (0 = unknown, as Android 9+ writes it), then width*height*4 bytes
 * B,G,R,A (A = 255) row by row. BGRA is the byte order Cairo draws in on a
 * little-endian host, so the frame is drawn straight into `out`: with room
 * already there (a reused buffer, strbuf_grow) nothing is allocated or
 * converted. Phones print format 1 (RGBA) or 5; trident reads both.
 */
int sim_render_raw(const struct sim_screen_view *v, struct strbuf *out) TD_MUST_CHECK;

/*
 * The same picture as sim_render_png, encoded by Cairo's own PNG writer
 * (zlib defaults, RGBA). Slower; kept so bench/bench_sim_render.c can compare
 * the two encoders.
 */
int sim_render_png_cairo(const struct sim_screen_view *v, struct strbuf *out) TD_MUST_CHECK;

/*
 * Release the process-wide caches Cairo and fontconfig keep after drawing
 * text (font faces, the font configuration), so leak checkers see a clean
 * exit. Call at most once, at exit, when no thread renders any more.
 */
void sim_render_release_caches(void);

/* Size of the raw header sim_render_raw writes, and its pixel format. */
#define SIM_RENDER_RAW_HEADER 16
#define SIM_RENDER_RAW_FORMAT 5

#endif
