/* snapshot.c - one look at the device (see snapshot.h). */
#include <stdlib.h>
#include <string.h>

#include "core/image.h"
#include "core/ui.h"
#include "core/xalloc.h"
#include "device/device.h"
#include "device/snapshot.h"

int device_snapshot(struct device *dev, enum snapshot_what what, struct snapshot *out)
{
	int err;

	memset(out, 0, sizeof(*out));
	if (what == SNAPSHOT_SCREENSHOT) {
		struct capture cap;

		memset(&cap, 0, sizeof(cap));
		err = device_capture(dev, &cap);
		if (err != TD_OK) {
			capture_release(&cap);
			return err;
		}
		err = image_frame_png(cap.shot, cap.shot_len, "screenshot", &out->png, &out->png_len);
		if (err != TD_OK) {
			capture_release(&cap);
			return err;
		}
		out->xml = cap.xml;
		out->xml_len = cap.xml_len;
		out->activity = xstrdup(cap.activity ? cap.activity : "");
		cap.xml = NULL;
		capture_release(&cap);
	} else {
		char *pkg = NULL;

		err = device_dump_xml(dev, &out->xml, &out->xml_len);
		if (err != TD_OK) {
			snapshot_release(out);
			return err;
		}
		if (device_foreground(dev, &pkg, &out->activity) != TD_OK || !out->activity) {
			free(out->activity);
			out->activity = xstrdup("");
		}
		free(pkg);
	}
	out->parse_err = ui_parse(out->xml, out->xml_len, "device dump", &out->tree);
	if (out->parse_err != TD_OK)
		out->tree = NULL;
	return TD_OK;
}

void snapshot_release(struct snapshot *s)
{
	ui_tree_free(s->tree);
	free(s->xml);
	free(s->activity);
	free(s->png);
	memset(s, 0, sizeof(*s));
}
