/*
 * test_agents_flow.c - the three agent threads end to end on the simulated
 * device with fake brains (no model): message flow, functionality
 * boundaries, Detector triggering and hints, alignment retries and the
 * fallback, bugs.json / report.html / summary.json, and a clean stop.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "agents/agents.h"
#include "core/config.h"
#include "core/image.h"
#include "core/log.h"
#include "core/strbuf.h"
#include "core/xalloc.h"
#include "test.h"

#define STEPS 9

struct fake {
	atomic_int choose_calls, feedback_calls, hints_seen, classify_calls, judged;
	int seg_first[8], seg_last[8];
	bool seg_final[8];
	int mismatch_every;  /* steps with step % 3 == 2 always answer widget 999 */
	atomic_int request_images, palette_images, decoded_images; /* the image a model request carries */
};

static int fake_choose(struct explorer_brain *b, struct agent_env *env, const struct brain_screen *s,
		       const struct brain_hints *hints, const char *feedback, struct action *out,
		       struct step_note *note)
{
	struct fake *f = b->state;
	(void)env;
	atomic_fetch_add(&f->choose_calls, 1);
	if (s->annotated_png && !feedback) {
		/* What brain_llm attaches: the documented palette PNG (IHDR colour type 3). */
		struct image *img = NULL;
		atomic_fetch_add(&f->request_images, 1);
		if (s->annotated_png_len > 25 && s->annotated_png[25] == 3)
			atomic_fetch_add(&f->palette_images, 1);
		if (image_decode_png(s->annotated_png, s->annotated_png_len, "request", &img) == TD_OK &&
		    img->width <= 768)
			atomic_fetch_add(&f->decoded_images, 1);
		image_free(img);
	}
	if (feedback)
		atomic_fetch_add(&f->feedback_calls, 1);
	if (hints->n_bug_paths && !strcmp(hints->bug_paths[0], "save with an empty body"))
		atomic_fetch_add(&f->hints_seen, 1);
	note->valid = true;
	note->functionality = xasprintf("Functionality %d", (s->step - 1) / 3);
	note->page_description = xasprintf("page of step %d", s->step);
	note->status = FUNC_PARTIAL;
	if (f->mismatch_every && s->step % 3 == 2) {
		out->type = ACTION_CLICK;
		out->widget = 999;
		return TD_OK;
	}
	/* A named widget whose text does not match is refused too; then go back. */
	if (s->n_widgets && !feedback && s->step % 3 == 0) {
		out->type = ACTION_CLICK;
		out->widget = s->widgets[0].number;
		out->widget_text = xstrdup("certainly not this label");
		return TD_OK;
	}
	out->type = ACTION_WAIT;
	return TD_OK;
}

static void fake_explorer_free(struct explorer_brain *b)
{
	free(b);
}

static int fake_classify(struct monitor_brain *b, struct agent_env *env, int step,
			 const struct step_note *en, struct step_note *out)
{
	struct fake *f = b->state;
	(void)env;
	atomic_fetch_add(&f->classify_calls, 1);
	memset(out, 0, sizeof(*out));
	/* Steps the Explorer did not ask about (an override such as a relaunch) get the same name. */
	out->valid = true;
	out->functionality = en->valid ? xstrdup(en->functionality) : xasprintf("Functionality %d", (step - 1) / 3);
	out->page_description = xstrdup_or_null(en->page_description);
	return TD_OK;
}

static void fake_monitor_free(struct monitor_brain *b)
{
	free(b);
}

static int fake_judge(struct detector_brain *b, struct agent_env *env, const struct history_segment *seg,
		      struct detector_verdict *v)
{
	struct fake *f = b->state;
	int n = atomic_fetch_add(&f->judged, 1);
	(void)env;
	if (n < 8) {
		f->seg_first[n] = seg->first_step;
		f->seg_last[n] = seg->last_step;
		f->seg_final[n] = seg->final;
	}
	v->functionality = xstrdup(seg->name);
	v->expected_path = xstrdup("the note appears once");
	v->actual_path = xstrdup("the note appears twice");
	if (n == 0) {
		v->bug = true;
		v->report.title = xstrdup("Scripted bug: note saved twice");
		v->report.description = xstrdup("The fake detector says so.");
		v->report.category = BUG_CAT_DATA_OPERATION;
		v->hints.bug_paths = xcalloc(1, sizeof(char *));
		v->hints.bug_paths[0] = xstrdup("save with an empty body");
		v->hints.n_bug_paths = 1;
	}
	return TD_OK;
}

static void fake_detector_free(struct detector_brain *b)
{
	free(b);
}

/* Read a run file. */
static char *read_run(const char *dir, const char *name)
{
	struct strbuf sb = STRBUF_INIT;
	char *p = xasprintf("%s/%s", dir, name);
	if (strbuf_read_file(&sb, p) != TD_OK)
		strbuf_reset(&sb);
	free(p);
	return strbuf_detach(&sb, NULL);
}

/* Run STEPS steps with fake brains; pause or not. */
static void run_fake(bool pause)
{
	struct fake f;
	struct config *cfg = config_defaults();
	struct run_options o;
	struct run *r = NULL;
	struct run_stats st;
	struct explorer_brain *eb = xcalloc(1, sizeof(*eb));
	struct monitor_brain *mb = xcalloc(1, sizeof(*mb));
	struct detector_brain *db = xcalloc(1, sizeof(*db));
	char dir[] = "/tmp/trident-flow-XXXXXX", *text, *line, *save, *cmd;
	int lines = 0, bad = 0;

	memset(&f, 0, sizeof(f));
	f.mismatch_every = 1;
	REQUIRE(mkdtemp(dir) != NULL);
	CHECK_OK(config_set(cfg, "agents.pause_explorer_while_detecting", pause ? "true" : "false"));
	CHECK_OK(config_set(cfg, "agents.detector_min_steps", "1"));
	eb->name = "fake";
	eb->state = &f;
	eb->choose = fake_choose;
	eb->free = fake_explorer_free;
	mb->name = "fake";
	mb->state = &f;
	mb->classify = fake_classify;
	mb->free = fake_monitor_free;
	db->name = "fake-detector";
	db->state = &f;
	db->judge = fake_judge;
	db->free = fake_detector_free;
	run_options_init(&o);
	o.device_spec = "sim:notes";
	o.out_dir = dir;
	o.steps = STEPS;
	o.status = 0;
	o.explorer_brain = eb;
	o.monitor_brain = mb;
	o.detector_brain = db;
	o.no_plugins = true;
	CHECK_OK(run_new(cfg, &o, &r));
	REQUIRE(r != NULL);
	CHECK_OK(run_execute(r));
	run_get_stats(r, &st);

	CHECK_INT_EQ(st.steps, STEPS);
	CHECK_STR_EQ(st.stop_reason, "steps");
	/* Every step reached the Monitor, which answered each one. */
	CHECK_INT_EQ(st.messages[MSG_STEP], STEPS);
	CHECK_INT_EQ(f.classify_calls, STEPS);
	CHECK_INT_EQ(st.messages[MSG_CONTINUE] + st.messages[MSG_PAUSE], STEPS);
	CHECK_INT_EQ(st.messages[MSG_STOP], 2);
	/* Functionality boundaries every 3 steps trigger the Detector; the last segment at the end. */
	CHECK_INT_EQ(st.messages[MSG_SEGMENT], 3);
	CHECK_INT_EQ(f.judged, 3);
	CHECK_INT_EQ(f.seg_first[0], 1);
	CHECK_INT_EQ(f.seg_last[0], 3);
	CHECK_INT_EQ(f.seg_first[1], 4);
	CHECK_INT_EQ(f.seg_last[1], 6);
	CHECK_INT_EQ(f.seg_first[2], 7);
	CHECK_INT_EQ(f.seg_last[2], 9);
	CHECK(!f.seg_final[0] && f.seg_final[2]);
	if (pause) {
		CHECK_INT_EQ(st.messages[MSG_PAUSE], 2);
		CHECK_INT_EQ(st.messages[MSG_DETECTED], 2);
	} else {
		CHECK_INT_EQ(st.messages[MSG_PAUSE], 0);
		CHECK_INT_EQ(st.messages[MSG_DETECTED], 0);
	}
	/* The Detector's bug path reached the Explorer. */
	CHECK_INT_EQ(st.messages[MSG_HINTS], 1);
	if (pause)
		CHECK(f.hints_seen > 0);
	/* Steps 2, 5, 8: four refused answers each, then the fallback. Steps 3, 6, 9: one refusal. */
	CHECK_INT_EQ(st.fallbacks, 3);
	CHECK(st.retries >= 12);
	CHECK_INT_EQ(f.request_images, STEPS);
	CHECK_INT_EQ(f.palette_images, STEPS);
	CHECK_INT_EQ(f.decoded_images, STEPS);
	CHECK(f.feedback_calls >= 9);
	CHECK_INT_EQ(st.bugs, 1);
	CHECK_INT_EQ(st.functionalities, 3);
	run_free(r);
	config_free(cfg);

	text = read_run(dir, "bugs.json");
	CHECK(strstr(text, "Scripted bug: note saved twice") != NULL);
	CHECK(strstr(text, "\"found_by\":\t\"fake-detector\"") != NULL);
	CHECK(strstr(text, "\"category\":\t\"data operation failure\"") != NULL);
	CHECK(strstr(text, "steps/0001.png") != NULL);
	free(text);
	text = read_run(dir, "report.html");
	CHECK(strstr(text, "Scripted bug: note saved twice") != NULL);
	CHECK(strstr(text, "data:image/png;base64,") != NULL);
	CHECK(strstr(text, "Functionality 1") != NULL);
	free(text);
	text = read_run(dir, "summary.json");
	{
		cJSON *s = cJSON_Parse(text);
		CHECK(s != NULL);
		CHECK_INT_EQ(cJSON_GetNumberValue(cJSON_GetObjectItem(s, "steps")), STEPS);
		CHECK_INT_EQ(cJSON_GetNumberValue(cJSON_GetObjectItem(
				     cJSON_GetObjectItem(s, "activities"), "total")), 4);
		cJSON_Delete(s);
	}
	free(text);
	text = read_run(dir, "trace.jsonl");
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		cJSON *j = cJSON_Parse(line);
		lines++;
		if (!j)
			bad++;
		cJSON_Delete(j);
	}
	CHECK(lines > 3 * STEPS);
	CHECK_INT_EQ(bad, 0);
	free(text);
	text = read_run(dir, "steps/0001.annotated.png");
	CHECK(!strncmp(text + 1, "PNG", 3));
	free(text);
	cmd = xasprintf("rm -rf '%s'", dir);
	CHECK(system(cmd) == 0);
	free(cmd);
}

TEST(flow_paused_explorer)
{
	run_fake(true);
}

TEST(flow_explorer_continues)
{
	run_fake(false);
}

/*
 * The offline brain has no Detector brain, so the Detector answers a segment
 * at once, often before the Monitor's MSG_PAUSE reaches the Explorer. A paused
 * run must still finish every step (alarm() turns a hang into a failure).
 */
TEST(flow_offline_brain_paused)
{
	struct config *cfg = config_defaults();
	struct run_options o;
	struct run *r = NULL;
	struct run_stats st;
	char dir[] = "/tmp/trident-flow-off-XXXXXX", *cmd;

	REQUIRE(mkdtemp(dir) != NULL);
	CHECK_OK(config_set(cfg, "agents.pause_explorer_while_detecting", "true"));
	run_options_init(&o);
	o.device_spec = "sim:notes";
	o.brain = "offline";
	o.out_dir = dir;
	o.steps = 40;
	o.seed = 1;
	o.status = 0;
	/* Generous: sanitizer builds on a busy machine are slow; CTest's own
	 * unit-test timeout is 900 s. */
	alarm(600);
	CHECK_OK(run_new(cfg, &o, &r));
	REQUIRE(r != NULL);
	CHECK_OK(run_execute(r));
	alarm(0);
	run_get_stats(r, &st);
	CHECK_INT_EQ(st.steps, 40);
	CHECK_STR_EQ(st.stop_reason, "steps");
	CHECK(st.messages[MSG_PAUSE] > 0);
	CHECK_INT_EQ(st.messages[MSG_DETECTED], st.messages[MSG_PAUSE]);
	CHECK_INT_EQ(st.messages[MSG_CONTINUE] + st.messages[MSG_PAUSE], 40);
	run_free(r);
	config_free(cfg);
	cmd = xasprintf("rm -rf '%s'", dir);
	CHECK(system(cmd) == 0);
	free(cmd);
}

int main(void)
{
	if (access(TRIDENT_SOURCE_DIR "/configs/apps/notes.json", R_OK) != 0)
		return test_skip("no sim app configs/apps/notes.json");
	log_set_level(LOG_WARN);
	RUN(flow_paused_explorer);
	RUN(flow_explorer_continues);
	RUN(flow_offline_brain_paused);
	return test_summary();
}
