/*
 * snapshot.h - one look at the device: its UIAutomator dump parsed into a
 * widget tree, the foreground activity and, when asked, the screenshot.
 * The one helper the agents, oracles, replays and login scripts use to see
 * the screen (the Explorer keeps its own struct capture for the run
 * directory and the annotated image).
 *
 * Ownership: everything in a struct snapshot belongs to it; release with
 * snapshot_release() (also after a failure: it is then empty).
 */
#ifndef TRIDENT_DEVICE_SNAPSHOT_H
#define TRIDENT_DEVICE_SNAPSHOT_H

#include <stddef.h>

#include "core/error.h"

struct device;
struct ui_tree;

struct snapshot {
	struct ui_tree *tree;       /* NULL when the dump did not parse */
	int parse_err;              /* then ui_parse()'s code (its message is td_errmsg(parse_err)) */
	char *xml;                  /* the dump, NUL-terminated */
	size_t xml_len;
	char *activity;             /* "pkg/.Activity"; "" when unknown */
	unsigned char *png;         /* the screenshot as a PNG file (SNAPSHOT_SCREENSHOT only), else NULL */
	size_t png_len;
};

enum snapshot_what {
	SNAPSHOT_DUMP = 0,          /* dump and activity: what a replay needs, no screenshot */
	SNAPSHOT_SCREENSHOT = 1,    /* the full capture, screenshot included (evidence) */
};

/*
 * Look at the device. A device error is returned (and *out left empty); a
 * dump that does not parse is not an error: tree is NULL and xml holds it.
 */
int device_snapshot(struct device *dev, enum snapshot_what what, struct snapshot *out) TD_MUST_CHECK;
void snapshot_release(struct snapshot *s);

#endif
