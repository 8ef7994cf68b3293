/*
 * test_report_html.c - report_html_render on a bugs.json object built
 * here (no run directory, no screens): a bug with no functionality says
 * none (no "functionality -"), one with a functionality names it, and a
 * path's steps that have no screen of their own (a side trip's rotation,
 * Home and relaunch, the rotation an oracle triggers) are boxes that say
 * what the step did, not "no screen" placeholders, and a side trip does
 * not borrow the screen of the explorer step it followed (steps/NNNN.png
 * exist here for the explorer steps).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test.h"

#include <cjson/cJSON.h>

#include "agents/report_html.h"
#include "agents/run_record.h"
#include "core/image.h"

/* A path step {step, description, action {type, ...}, side_trip}; step < 0 leaves it out. */
static cJSON *step(int n, const char *type, int rotation, const char *side_trip)
{
	cJSON *s = cJSON_CreateObject(), *a;

	if (n >= 0)
		cJSON_AddNumberToObject(s, "step", n);
	cJSON_AddStringToObject(s, "description", type);
	a = cJSON_AddObjectToObject(s, "action");
	cJSON_AddStringToObject(a, "type", type);
	if (rotation >= 0)
		cJSON_AddNumberToObject(a, "rotation", rotation);
	if (side_trip)
		cJSON_AddStringToObject(s, "side_trip", side_trip);
	return s;
}

static cJSON *bug(const char *id, const char *functionality)
{
	cJSON *b = cJSON_CreateObject(), *steps;

	cJSON_AddStringToObject(b, "id", id);
	cJSON_AddStringToObject(b, "title", "Text entered in 'zip' is lost after rotation");
	cJSON_AddStringToObject(b, "category", "content missing");
	cJSON_AddStringToObject(b, "found_by", "oracle:rotation");
	if (functionality)
		cJSON_AddStringToObject(b, "functionality", functionality);
	cJSON_AddNumberToObject(b, "step", 12);
	steps = cJSON_AddArrayToObject(b, "steps");
	cJSON_AddItemToArray(steps, step(10, "click", -1, NULL));
	cJSON_AddItemToArray(steps, step(10, "home", -1, "oracle:background"));
	cJSON_AddItemToArray(steps, step(10, "restart", -1, "oracle:background"));
	cJSON_AddItemToArray(steps, step(11, "input", -1, NULL));
	cJSON_AddItemToArray(steps, step(-1, "rotate", 1, NULL));
	cJSON_AddItemToArray(steps, step(-1, "rotate", 0, NULL));
	return b;
}

/* How many times needle occurs in s. */
static int count(const char *s, const char *needle)
{
	int n = 0;

	for (const char *p = s; (p = strstr(p, needle)) != NULL; p += strlen(needle))
		n++;
	return n;
}

/* Write a small grey PNG to path. */
static void write_png(const char *path)
{
	struct image *img = image_new(54, 120);
	unsigned char *png = NULL;
	size_t len = 0;
	FILE *f;

	memset(img->data, 0x80, (size_t)img->height * (size_t)img->stride);
	REQUIRE(image_encode_png(img, 1, &png, &len) == 0);
	f = fopen(path, "wb");
	REQUIRE(f != NULL);
	REQUIRE(fwrite(png, 1, len, f) == len);
	fclose(f);
	free(png);
	image_free(img);
}

TEST(functionality_and_side_trips)
{
	char dir[] = "/tmp/test_report_html.XXXXXX", path[256];
	cJSON *sum = cJSON_CreateObject(), *bugs = cJSON_CreateObject(), *list = cJSON_AddArrayToObject(bugs, "bugs");
	char *html;
	const char *b1, *b2;

	REQUIRE(mkdtemp(dir) != NULL);
	snprintf(path, sizeof(path), "%s/steps", dir);
	REQUIRE(mkdir(path, 0755) == 0);
	snprintf(path, sizeof(path), "%s/steps/0010.png", dir);
	write_png(path);
	snprintf(path, sizeof(path), "%s/steps/0011.png", dir);
	write_png(path);
	cJSON_AddStringToObject(sum, "package", "com.trident.shop");
	cJSON_AddItemToArray(list, bug("B001", NULL));
	cJSON_AddItemToArray(list, bug("B002", "Account: New address"));
	html = report_html_render(dir, sum, bugs, NULL);
	REQUIRE(html != NULL);
	b1 = strstr(html, "<section class=\"bug\" id=\"B001\"");
	b2 = strstr(html, "<section class=\"bug\" id=\"B002\"");
	REQUIRE(b1 && b2 && b1 < b2);
	CHECK(!strstr(html, "functionality <b>-</b>"));
	/* B001 has none: its card does not mention one. */
	CHECK(!memmem(b1, (size_t)(b2 - b1), "functionality", strlen("functionality")));
	CHECK(strstr(b2, "functionality <b>Account: New address</b>") != NULL);
	/* Each card: the two rotations, Home and the relaunch say what they did. */
	CHECK_INT_EQ(count(html, "rotated to landscape"), 2);
	CHECK_INT_EQ(count(html, "rotated back to portrait"), 2);
	CHECK_INT_EQ(count(html, "Home: the app goes to the background"), 2);
	CHECK_INT_EQ(count(html, "app stopped and relaunched"), 2);
	CHECK_INT_EQ(count(html, "class=\"noshot trip\""), 2 * 4);
	/* The click and the input show their screens; the side trip after the
	 * click does not borrow the click's. */
	CHECK_INT_EQ(count(html, "href=\"steps/0010.png\""), 2);
	CHECK_INT_EQ(count(html, "href=\"steps/0011.png\""), 2);
	CHECK(!strstr(html, ">no screen<"));
	free(html);
	snprintf(path, sizeof(path), "%s/steps/0010.png", dir);
	(void)unlink(path);
	snprintf(path, sizeof(path), "%s/steps/0011.png", dir);
	(void)unlink(path);
	snprintf(path, sizeof(path), "%s/steps", dir);
	(void)rmdir(path);
	(void)rmdir(dir);
	cJSON_Delete(sum);
	cJSON_Delete(bugs);
}

/* Write `text` to dir/name. */
static void write_text(const char *dir, const char *name, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	REQUIRE(f != NULL);
	REQUIRE(fputs(text, f) >= 0);
	fclose(f);
}

/*
 * run.save_screens "bugs" saves a step's screen only when it is new (or
 * just before a bug): a path step whose own PNG is missing shows the saved
 * screen of an earlier step on the same abstract screen (the trace's
 * "screen"), captioned so; a step on a screen never saved stays "no screen".
 */
TEST(unsaved_step_shows_a_like_screen)
{
	char dir[] = "/tmp/test_report_html.XXXXXX", path[256];
	cJSON *sum = cJSON_CreateObject(), *bugs = cJSON_CreateObject(), *list = cJSON_AddArrayToObject(bugs, "bugs");
	cJSON *b = cJSON_CreateObject(), *steps;
	struct run_record *rec = NULL;
	char *html;

	REQUIRE(mkdtemp(dir) != NULL);
	snprintf(path, sizeof(path), "%s/steps", dir);
	REQUIRE(mkdir(path, 0755) == 0);
	snprintf(path, sizeof(path), "%s/steps/0010.png", dir);
	write_png(path);
	write_text(dir, "trace.jsonl",
		   "{\"type\":\"run_start\",\"t_ms\":1,\"package\":\"com.trident.notes\",\"step\":0}\n"
		   "{\"type\":\"step\",\"t_ms\":2,\"step\":10,\"screen\":\"aa\",\"screenshot\":\"steps/0010.png\"}\n"
		   "{\"type\":\"step\",\"t_ms\":3,\"step\":11,\"screen\":\"aa\"}\n"
		   "{\"type\":\"step\",\"t_ms\":4,\"step\":12,\"screen\":\"bb\"}\n");
	REQUIRE(run_record_load(dir, &rec) == TD_OK);
	cJSON_AddStringToObject(sum, "package", "com.trident.notes");
	cJSON_AddStringToObject(b, "id", "B001");
	cJSON_AddStringToObject(b, "title", "Note count wrong");
	cJSON_AddStringToObject(b, "category", "content missing");
	cJSON_AddNumberToObject(b, "step", 12);
	steps = cJSON_AddArrayToObject(b, "steps");
	cJSON_AddItemToArray(steps, step(10, "click", -1, NULL));
	cJSON_AddItemToArray(steps, step(11, "click", -1, NULL));
	cJSON_AddItemToArray(steps, step(12, "click", -1, NULL));
	cJSON_AddItemToArray(list, b);
	html = report_html_render(dir, sum, bugs, rec);
	REQUIRE(html != NULL);
	/* step 10's own and step 11's stand-in in the filmstrip (the graph's node is the third) */
	CHECK_INT_EQ(count(html, "<a href=\"steps/0010.png\">"), 3);
	CHECK_INT_EQ(count(html, "step 10 shows the same screen; step 11&#39;s own was not saved"), 1);
	CHECK_INT_EQ(count(html, "click (no screen saved)"), 1);        /* step 12: screen bb never saved */
	free(html);
	run_record_free(rec);
	snprintf(path, sizeof(path), "rm -rf '%s'", dir);
	(void)!system(path);
	cJSON_Delete(sum);
	cJSON_Delete(bugs);
}

int main(void)
{
	RUN(functionality_and_side_trips);
	RUN(unsaved_step_shows_a_like_screen);
	return test_summary();
}
