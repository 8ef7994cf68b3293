/*
 * sim_files.c - the simulated device's in-memory file system: /sdcard,
 * /data/local/tmp and whatever `mkdir` or push creates. It backs
 * `uiautomator dump FILE`, `screencap FILE`, cat, rm, ls and the sync:
 * service (push/pull/stat/list). /sdcard and /storage/emulated/0 are the
 * same directory, as on a phone. Sizes are capped: 64 MB per file and
 * 256 MB in total.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "core/xalloc.h"
#include "device/sim/sim_internal.h"

#define FILE_MAX (64u << 20)
#define TOTAL_MAX (256u << 20)

static const char *const base_dirs[] = {
	"/", "/sdcard", "/sdcard/Download", "/sdcard/Pictures", "/data", "/data/local",
	"/data/local/tmp", "/system", "/system/bin", "/dev", "/storage", "/proc",
};

/* Canonical form: "/storage/emulated/0/x" -> "/sdcard/x", no trailing '/',
 * "." and ".." resolved. malloc'd, or NULL when not absolute. */
static char *canon(const char *path)
{
	if (!path || path[0] != '/' || strlen(path) > 1024)
		return NULL;
	char *out = xmalloc(strlen(path) + 16);
	size_t n = 0;
	const char *p = path;
	static const char se[] = "/storage/emulated/0";
	if (!strncmp(p, se, sizeof se - 1) && (p[sizeof se - 1] == '/' || !p[sizeof se - 1])) {
		strcpy(out, "/sdcard");
		n = 7;
		p += sizeof se - 1;
	} else if (!strncmp(p, "/mnt/sdcard", 11) && (p[11] == '/' || !p[11])) {
		strcpy(out, "/sdcard");
		n = 7;
		p += 11;
	}
	while (*p) {
		while (*p == '/')
			p++;
		if (!*p)
			break;
		const char *e = strchr(p, '/');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len == 1 && p[0] == '.') {
		} else if (len == 2 && p[0] == '.' && p[1] == '.') {
			while (n > 0 && out[n - 1] != '/')
				n--;
			if (n > 0)
				n--;
		} else {
			out[n++] = '/';
			memcpy(out + n, p, len);
			n += len;
		}
		p += len;
	}
	if (n == 0)
		out[n++] = '/';
	out[n] = '\0';
	return out;
}

/* The device's own directories cannot be removed (the mount points). */
static bool is_base_dir(const char *cpath)
{
	for (size_t i = 0; i < sizeof base_dirs / sizeof base_dirs[0]; i++)
		if (!strcmp(base_dirs[i], cpath))
			return true;
	return false;
}

static struct sim_file *find(struct sim *s, const char *cpath)
{
	for (size_t i = 0; i < s->n_files; i++)
		if (!strcmp(s->files[i].path, cpath))
			return &s->files[i];
	return NULL;
}

static struct sim_file *add(struct sim *s, const char *cpath, unsigned mode)
{
	s->files = xrealloc(s->files, (s->n_files + 1) * sizeof *s->files);
	struct sim_file *f = &s->files[s->n_files++];
	memset(f, 0, sizeof *f);
	f->path = xstrdup(cpath);
	f->mode = mode;
	f->mtime = (long)time(NULL);
	return f;
}

void sim_fs_init(struct sim *s)
{
	for (size_t i = 0; i < sizeof base_dirs / sizeof base_dirs[0]; i++)
		add(s, base_dirs[i], S_IFDIR | 0771);
}

void sim_fs_free(struct sim *s)
{
	for (size_t i = 0; i < s->n_files; i++) {
		free(s->files[i].path);
		free(s->files[i].data);
	}
	free(s->files);
	s->files = NULL;
	s->n_files = 0;
}

static bool parent_is_dir(struct sim *s, const char *cpath)
{
	const char *slash = strrchr(cpath, '/');
	if (slash == cpath)
		return true;
	char *parent = xstrndup(cpath, (size_t)(slash - cpath));
	struct sim_file *d = find(s, parent);
	free(parent);
	return d && S_ISDIR(d->mode);
}

int sim_fs_read(struct sim *s, const char *path, struct strbuf *out)
{
	char *c = canon(path);
	if (c && !strcmp(c, "/dev/null")) {
		free(c);
		return TD_OK;
	}
	struct sim_file *f = c ? find(s, c) : NULL;
	free(c);
	if (!f)
		return td_error(TD_ERR_NOT_FOUND, "%s: No such file or directory", path);
	if (S_ISDIR(f->mode))
		return td_error(TD_ERR_INVALID, "%s: Is a directory", path);
	return strbuf_add(out, f->data ? f->data : "", f->len);
}

static size_t total_size(struct sim *s)
{
	size_t t = 0;
	for (size_t i = 0; i < s->n_files; i++)
		t += s->files[i].len;
	return t;
}

int sim_fs_write(struct sim *s, const char *path, const void *data, size_t len, unsigned mode)
{
	char *c = canon(path);
	if (!c)
		return td_error(TD_ERR_INVALID, "%s: path must be absolute", path ? path : "(null)");
	if (!strcmp(c, "/dev/null")) {
		free(c);
		return TD_OK;
	}
	if (len > FILE_MAX || total_size(s) + len > TOTAL_MAX) {
		free(c);
		return td_error(TD_ERR_TOO_BIG, "%s: No space left on device", path);
	}
	if (!parent_is_dir(s, c)) {
		free(c);
		return td_error(TD_ERR_NOT_FOUND, "%s: No such file or directory", path);
	}
	struct sim_file *f = find(s, c);
	if (f && S_ISDIR(f->mode)) {
		free(c);
		return td_error(TD_ERR_INVALID, "%s: Is a directory", path);
	}
	if (!f)
		f = add(s, c, S_IFREG | ((mode & 07777) ? (mode & 07777) : 0660));
	free(c);
	free(f->data);
	f->data = xmalloc(len + 1);
	if (len)
		memcpy(f->data, data, len);
	f->data[len] = '\0';
	f->len = len;
	f->mtime = (long)time(NULL);
	return TD_OK;
}

int sim_fs_stat(struct sim *s, const char *path, struct sim_file_stat *st)
{
	char *c = canon(path);
	struct sim_file *f = c ? find(s, c) : NULL;
	free(c);
	memset(st, 0, sizeof *st);
	if (!f)
		return td_error(TD_ERR_NOT_FOUND, "%s: No such file or directory", path);
	st->mode = f->mode;
	st->size = S_ISDIR(f->mode) ? 3452 : f->len;
	st->mtime = f->mtime;
	return TD_OK;
}

/* Whether cpath is under directory dir (canonical). */
static bool under(const char *cpath, const char *dir)
{
	size_t n = strlen(dir);
	if (!strcmp(dir, "/"))
		return cpath[1] != '\0';
	return !strncmp(cpath, dir, n) && cpath[n] == '/';
}

int sim_fs_remove(struct sim *s, const char *path, bool recursive)
{
	char *c = canon(path);
	struct sim_file *f = c ? find(s, c) : NULL;
	if (!f) {
		free(c);
		return td_error(TD_ERR_NOT_FOUND, "%s: No such file or directory", path);
	}
	if (S_ISDIR(f->mode) && !recursive) {
		free(c);
		return td_error(TD_ERR_INVALID, "%s: Is a directory", path);
	}
	size_t keep = 0;
	for (size_t i = 0; i < s->n_files; i++) {
		struct sim_file *g = &s->files[i];
		if ((!strcmp(g->path, c) || (recursive && under(g->path, c))) && !is_base_dir(g->path)) {
			free(g->path);
			free(g->data);
		} else {
			s->files[keep++] = *g;
		}
	}
	s->n_files = keep;
	bool base = is_base_dir(c);
	free(c);
	if (base)
		return td_error(TD_ERR_DEVICE, "%s: Permission denied", path);
	return TD_OK;
}

int sim_fs_mkdir(struct sim *s, const char *path, bool parents)
{
	char *c = canon(path);
	if (!c)
		return td_error(TD_ERR_INVALID, "%s: path must be absolute", path);
	struct sim_file *f = find(s, c);
	if (f) {
		free(c);
		if (parents && S_ISDIR(f->mode))
			return TD_OK;
		return td_error(TD_ERR_INVALID, "%s: File exists", path);
	}
	if (!parent_is_dir(s, c)) {
		if (!parents) {
			free(c);
			return td_error(TD_ERR_NOT_FOUND, "%s: No such file or directory", path);
		}
		char *parent = xstrndup(c, (size_t)(strrchr(c, '/') - c));
		int err = sim_fs_mkdir(s, parent, true);
		free(parent);
		if (err) {
			free(c);
			return err;
		}
	}
	add(s, c, S_IFDIR | 0771);
	free(c);
	return TD_OK;
}

int sim_fs_list(struct sim *s, const char *path,
		void (*fn)(void *ctx, const char *name, const struct sim_file_stat *st), void *ctx)
{
	char *c = canon(path);
	struct sim_file *d = c ? find(s, c) : NULL;
	if (!d || !S_ISDIR(d->mode)) {
		free(c);
		return td_error(d ? TD_ERR_INVALID : TD_ERR_NOT_FOUND, "%s: %s", path,
				d ? "Not a directory" : "No such file or directory");
	}
	for (size_t i = 0; i < s->n_files; i++) {
		struct sim_file *g = &s->files[i];
		if (!under(g->path, c))
			continue;
		const char *rest = g->path + (strcmp(c, "/") ? strlen(c) + 1 : 1);
		if (strchr(rest, '/'))
			continue;
		struct sim_file_stat st = { g->mode, S_ISDIR(g->mode) ? 3452 : g->len, g->mtime };
		fn(ctx, rest, &st);
	}
	free(c);
	return TD_OK;
}

int sim_file_read(struct sim *s, const char *path, struct strbuf *out)
{
	pthread_mutex_lock(&s->lock);
	int err = sim_fs_read(s, path, out);
	pthread_mutex_unlock(&s->lock);
	return err;
}

int sim_file_write(struct sim *s, const char *path, const void *data, size_t len, unsigned mode)
{
	pthread_mutex_lock(&s->lock);
	int err = sim_fs_write(s, path, data, len, mode);
	pthread_mutex_unlock(&s->lock);
	return err;
}

int sim_file_stat(struct sim *s, const char *path, struct sim_file_stat *st)
{
	pthread_mutex_lock(&s->lock);
	int err = sim_fs_stat(s, path, st);
	pthread_mutex_unlock(&s->lock);
	return err;
}

int sim_file_list(struct sim *s, const char *path,
		  void (*fn)(void *ctx, const char *name, const struct sim_file_stat *st), void *ctx)
{
	pthread_mutex_lock(&s->lock);
	int err = sim_fs_list(s, path, fn, ctx);
	pthread_mutex_unlock(&s->lock);
	return err;
}
