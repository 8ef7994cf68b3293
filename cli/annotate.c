/*
 * annotate.c - `trident annotate`: annotate one screen (UIAutomator XML
 * + screenshot) the way the Explorer does at every step, write the picture,
 * and print the legend and the aligned widget list the prompt would carry.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_commands.h"
#include "core/annotate.h"
#include "core/config.h"
#include "core/image.h"
#include "core/strbuf.h"
#include "core/ui.h"

static void annotate_usage(FILE *f)
{
	fprintf(f,
		"usage: trident annotate --xml FILE --png FILE --out OUT.png\n"
		"                        [--labels first-of-row|all] [--json WIDGETS.json]\n"
		"                        [--activity NAME] [--full-size] [--config FILE]\n\n"
		"Draws numbered, colour-coded boxes on the actionable widgets of one screen\n"
		"(red click, blue text input, orange long-click, purple check, teal scroll,\n"
		"green several actions), writes the picture to OUT.png, and prints the image\n"
		"legend and the numbered widget list exactly as the Explorer's prompt has them.\n\n"
		"  --xml FILE        UIAutomator dump of the screen\n"
		"  --png FILE        its screenshot (PNG, or a raw `screencap` frame)\n"
		"  --out OUT.png     where to write the annotated picture\n"
		"  --labels MODE     first-of-row (default, as in Trident) or all\n"
		"  --json FILE       also write the numbered widgets as JSON\n"
		"  --activity NAME   the current activity, printed with the text\n"
		"  --full-size       annotate at the screenshot's size instead of the model\n"
		"                    input size (annotate.max_long_edge / max_short_edge)\n"
		"  --config FILE     configuration file (see configs/default.json)\n");
}

int cmd_annotate(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "xml", required_argument, NULL, 'x' },
		{ "png", required_argument, NULL, 'p' },
		{ "out", required_argument, NULL, 'o' },
		{ "labels", required_argument, NULL, 'l' },
		{ "json", required_argument, NULL, 'j' },
		{ "activity", required_argument, NULL, 'a' },
		{ "full-size", no_argument, NULL, 'f' },
		{ "config", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *xml = NULL, *png = NULL, *out_path = NULL, *labels = NULL;
	const char *json_path = NULL, *activity = NULL, *config_path = NULL;
	int full = 0, c;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'x': xml = optarg; break;
		case 'p': png = optarg; break;
		case 'o': out_path = optarg; break;
		case 'l': labels = optarg; break;
		case 'j': json_path = optarg; break;
		case 'a': activity = optarg; break;
		case 'f': full = 1; break;
		case 'c': config_path = optarg; break;
		case 'h':
			annotate_usage(stdout);
			return 0;
		default:
			fprintf(stderr, "trident annotate: bad option '%s'\n", argv[optind - 1]);
			annotate_usage(stderr);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "trident annotate: unexpected argument '%s'\n", argv[optind]);
		return 2;
	}
	if (!xml || !png || !out_path) {
		fprintf(stderr, "trident annotate: --xml, --png and --out are required\n");
		annotate_usage(stderr);
		return 2;
	}
	if (labels && annotate_labels_parse(labels) < 0) {
		fprintf(stderr, "trident annotate: --labels must be first-of-row or all, not '%s'\n",
			labels);
		return 2;
	}

	int rc = 1, err;
	struct config *cfg = NULL;
	struct ui_tree *tree = NULL;
	struct image *shot = NULL, *img = NULL;
	struct annotation *a = NULL;
	struct strbuf sb = STRBUF_INIT;
	struct annotate_opts opts;
	char *json = NULL;

	if ((err = cli_config_load(&cfg, config_path)) ||
	    (err = annotate_opts_from_config(cfg, &opts))) {
		fprintf(stderr, "trident annotate: %s\n", td_errmsg(err));
		goto out;
	}
	if (labels)
		opts.labels = (enum annotate_labels)annotate_labels_parse(labels);
	if ((err = ui_parse_file(xml, &tree))) {
		fprintf(stderr, "trident annotate: %s\n", td_errmsg(err));
		goto out;
	}
	if ((err = image_read_file(png, &shot))) {
		fprintf(stderr, "trident annotate: %s\n", td_errmsg(err));
		goto out;
	}
	struct annotate_image_opts io;
	if ((err = annotate_image_opts_from_config(cfg, &io))) {
		fprintf(stderr, "trident annotate: %s\n", td_errmsg(err));
		goto out;
	}
	if (full)
		io.max_long_edge = io.max_short_edge = 0;
	if ((err = annotate_screen(tree, shot, &opts, &io, &a, &img, NULL))) {
		fprintf(stderr, "trident annotate: %s: %s\n", xml, td_errmsg(err));
		goto out;
	}
	if ((err = image_write_png(img, out_path))) {
		fprintf(stderr, "trident annotate: %s\n", td_errmsg(err));
		goto out;
	}
	if (a->note)
		fprintf(stderr, "trident annotate: note: %s\n", a->note);
	if ((err = annotation_legend(a, &sb)) || (err = strbuf_addch(&sb, '\n')) ||
	    (activity && ((err = annotate_app_info(NULL, activity, &sb)) ||
			  (err = strbuf_addch(&sb, '\n')))) ||
	    (err = annotation_widget_list(a, &sb))) {
		fprintf(stderr, "trident annotate: %s\n", td_errmsg(err));
		goto out;
	}
	fwrite(sb.buf, 1, sb.len, stdout);
	if (json_path) {
		json = annotation_to_json(a);
		FILE *f = fopen(json_path, "w");
		if (!f || fputs(json, f) < 0 || fputc('\n', f) < 0 || fclose(f)) {
			perror(json_path);
			goto out;
		}
	}
	fprintf(stderr, "trident annotate: %zu widgets in %d rows, %dx%d image written to %s\n",
		a->n, a->n_rows, img->width, img->height, out_path);
	rc = 0;
out:
	free(json);
	strbuf_release(&sb);
	annotation_free(a);
	image_free(img);
	image_free(shot);
	ui_tree_free(tree);
	config_free(cfg);
	return rc;
}
