/*
 * screen.c - `trident screen`: look at one UIAutomator dump through the UI
 * model (signatures, actionable widgets), or compare two dumps (GUIPilot
 * alignment score, same-screen verdict, Vet's SimCheck, missing and extra
 * widgets). A window onto core/ui.h and core/ui_align.h for users and for
 * debugging screen identity.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_commands.h"
#include "core/config.h"
#include "core/error.h"
#include "core/ui.h"
#include "core/ui_align.h"

static const char screen_usage[] =
	"usage: trident screen [options] DUMP.xml [OTHER.xml]\n"
	"\n"
	"With one dump: print its size, its three signatures (structural, abstract,\n"
	"text) and its actionable widgets. With two: also align them (GUIPilot) and\n"
	"say whether they are the same screen, and whether Vet's SimCheck merges them.\n"
	"\n"
	"options:\n"
	"  --all            list every visible widget, not only actionable ones\n"
	"  --activity NAME  the foreground activity, mixed into the signatures\n"
	"  --config FILE    read the \"ui\" parameters from this config file\n"
	"  -h, --help       show this help\n"
	"\n"
	"exit status: 0 ok (two dumps: 0 = same screen, 3 = different), 1 = a dump\n"
	"could not be read or parsed, 2 = bad usage\n";

/* Text of an action bit set ("click,long-click"), "-" when none. */
static const char *actions_text(unsigned acts, char *buf, size_t cap)
{
	static const struct {
		unsigned bit;
		const char *name;
	} names[] = {
		{ UI_ACT_CLICK, "click" }, { UI_ACT_LONG_CLICK, "long-click" }, { UI_ACT_INPUT, "input" },
		{ UI_ACT_CHECK, "check" }, { UI_ACT_SCROLL, "scroll" },
	};
	size_t n = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		if (!(acts & names[i].bit))
			continue;
		int w = snprintf(buf + n, cap - n, "%s%s", n ? "," : "", names[i].name);
		if (w < 0 || (size_t)w >= cap - n)
			break;
		n += (size_t)w;
	}
	return n ? buf : "-";
}

/* One widget line: order, actions, class tail, bounds, label. */
static void print_widget(const struct ui_tree *t, const struct ui_widget *w, const char *prefix)
{
	char acts[64];
	const char *cls = strrchr(w->class_name, '.');
	cls = cls ? cls + 1 : w->class_name;
	printf("%s#%-4zu %-24s %-22s [%d,%d][%d,%d] \"%.*s\"\n", prefix, w->order,
	       actions_text(ui_widget_actions(w, &t->screen), acts, sizeof acts), cls,
	       w->bounds.x1, w->bounds.y1, w->bounds.x2, w->bounds.y2, ui_text_prefix_len(ui_widget_label(w), 60),
	       ui_widget_label(w));
}

/* Summary, signatures and widgets of one dump. */
static void describe(const char *path, const struct ui_tree *t, const char *activity, bool all)
{
	size_t visible = 0, actionable = 0;
	for (size_t i = 0; i < t->n_nodes; i++) {
		visible += ui_widget_visible(t->nodes[i], &t->screen);
		actionable += ui_widget_actions(t->nodes[i], &t->screen) != 0;
	}
	printf("%s: %zu nodes (%zu visible, %zu actionable), %zu window root(s), rotation %d, screen [%d,%d][%d,%d]\n",
	       path, t->n_nodes, visible, actionable, t->n_roots, t->rotation,
	       t->screen.x1, t->screen.y1, t->screen.x2, t->screen.y2);
	printf("  structural %016llx  abstract %016llx  text %016llx\n",
	       (unsigned long long)ui_sig_structural(t, activity),
	       (unsigned long long)ui_sig_abstract(t, activity),
	       (unsigned long long)ui_sig_text(t, activity));
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		if (all ? ui_widget_visible(w, &t->screen) : ui_widget_actions(w, &t->screen) != 0)
			print_widget(t, w, "  ");
	}
}

int cmd_screen(int argc, char **argv)
{
	const char *files[2] = { NULL, NULL };
	const char *activity = NULL, *config_path = NULL;
	struct ui_tree *trees[2] = { NULL, NULL };
	struct config *cfg = NULL;
	struct ui_alignment *al = NULL;
	struct ui_align_params p;
	bool all = false;
	int n_files = 0, rc = 0, err;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			fputs(screen_usage, stdout);
			return 0;
		} else if (!strcmp(argv[i], "--all")) {
			all = true;
		} else if (!strcmp(argv[i], "--activity") || !strcmp(argv[i], "--config")) {
			if (i + 1 >= argc) {
				fprintf(stderr, "trident screen: %s needs a value\n%s", argv[i], screen_usage);
				return 2;
			}
			if (!strcmp(argv[i], "--activity"))
				activity = argv[++i];
			else
				config_path = argv[++i];
		} else if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "trident screen: unknown option '%s'\n%s", argv[i], screen_usage);
			return 2;
		} else if (n_files < 2) {
			files[n_files++] = argv[i];
		} else {
			fprintf(stderr, "trident screen: at most two dumps\n%s", screen_usage);
			return 2;
		}
	}
	if (n_files == 0) {
		fprintf(stderr, "trident screen: which dump?\n%s", screen_usage);
		return 2;
	}

	if (config_path) {
		err = cli_config_load(&cfg, config_path);
		if (err) {
			fprintf(stderr, "trident screen: %s\n", td_errmsg(err));
			return 2;
		}
	}
	err = ui_align_params_from_config(&p, cfg);
	if (err) {
		fprintf(stderr, "trident screen: %s\n", td_errmsg(err));
		rc = 2;
		goto out;
	}
	for (int i = 0; i < n_files; i++) {
		err = ui_parse_file(files[i], &trees[i]);
		if (err) {
			fprintf(stderr, "trident screen: %s\n", td_errmsg(err));
			rc = 1;
			goto out;
		}
		describe(files[i], trees[i], activity, all);
	}
	if (n_files == 2) {
		err = ui_align(trees[0], trees[1], &p, &al);
		if (err) {
			fprintf(stderr, "trident screen: %s\n", td_errmsg(err));
			rc = 1;
			goto out;
		}
		bool same = al->score >= p.same_screen;
		printf("alignment: %zu of %zu / %zu widgets matched, score %.3f (Eq. 5 with the second as target: %.3f)\n",
		       al->n_pairs, al->n_a, al->n_b, al->score, al->score_b);
		printf("same screen: %s (threshold %.2f)\n", same ? "yes" : "no", p.same_screen);
		printf("simcheck: %s (d_max %d)\n",
		       ui_simcheck(trees[0], activity, trees[1], activity, &p) ? "similar" : "different",
		       p.simcheck_dmax);
		for (size_t i = 0; i < al->n_missing; i++)
			print_widget(trees[0], al->missing[i], "  missing ");
		for (size_t i = 0; i < al->n_extra; i++)
			print_widget(trees[1], al->extra[i], "  extra   ");
		rc = same ? 0 : 3;
	}
out:
	ui_alignment_free(al);
	ui_tree_free(trees[0]);
	ui_tree_free(trees[1]);
	config_free(cfg);
	return rc;
}
