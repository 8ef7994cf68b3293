/*
 * llm_cache.c - the on-disk answer cache, record mode, and redaction.
 *
 * The cache is content-addressed: the key is the SHA-256 of the normalised
 * request (provider kind, structured-output mode and the first attempt's
 * body, which holds the model, prompts, images and schema but never the API
 * key or the base URL). An entry is <dir>/<k[0..1]>/<key>.json holding the
 * validated answer, so a rerun of the same requests is free and
 * deterministic. Entries are written to a temp file and renamed, so
 * concurrent writers and crashes never leave half an entry.
 *
 * Record mode writes one JSON file per HTTP request: URL, headers (secrets
 * blanked), request body, status, response body, latency.
 */
#include "core/llm_internal.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/log.h"
#include "core/xalloc.h"

#define CACHE_ENTRY_MAX (16u * 1024u * 1024u)

/* --- SHA-256 (FIPS 180-4) ------------------------------------------------ */

static const uint32_t K[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
	0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
	0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
	0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
	0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
	0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
	0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
	0xc67178f2,
};

#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

/* Process one 64-byte block. */
static void sha256_block(uint32_t h[8], const unsigned char *p)
{
	uint32_t w[64];
	for (int i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (int i = 16; i < 64; i++) {
		uint32_t s0 = ROR(w[i - 15], 7) ^ ROR(w[i - 15], 18) ^ (w[i - 15] >> 3);
		uint32_t s1 = ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^ (w[i - 2] >> 10);
		w[i] = w[i - 16] + s0 + w[i - 7] + s1;
	}
	uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
	for (int i = 0; i < 64; i++) {
		uint32_t t1 = hh + (ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i];
		uint32_t t2 = (ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
		hh = g;
		g = f;
		f = e;
		e = d + t1;
		d = c;
		c = b;
		b = a;
		a = t1 + t2;
	}
	h[0] += a; h[1] += b; h[2] += c; h[3] += d;
	h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
}

void llm_sha256_hex(const void *data, size_t len, char out[65])
{
	uint32_t h[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
			  0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
	const unsigned char *p = data;
	size_t left = len;
	while (left >= 64) {
		sha256_block(h, p);
		p += 64;
		left -= 64;
	}
	unsigned char tail[128] = { 0 };
	if (left)
		memcpy(tail, p, left);
	tail[left] = 0x80;
	size_t tl = left < 56 ? 64 : 128;
	uint64_t bits = (uint64_t)len * 8;
	for (int i = 0; i < 8; i++)
		tail[tl - 1 - i] = (unsigned char)(bits >> (8 * i));
	sha256_block(h, tail);
	if (tl == 128)
		sha256_block(h, tail + 64);
	for (int i = 0; i < 8; i++)
		snprintf(out + 8 * i, 9, "%08x", h[i]);
}

/* --- redaction ------------------------------------------------------------ */

char *llm_redact(const char *text, const char *secret)
{
	struct strbuf sb = STRBUF_INIT;
	size_t slen = secret ? strlen(secret) : 0;
	const char *p = text ? text : "";
	while (*p) {
		if (slen >= 4 && !strncmp(p, secret, slen)) {
			(void)strbuf_adds(&sb, "[REDACTED]");
			p += slen;
			continue;
		}
		/* A header line "Authorization: ..." keeps only its name. */
		static const char *const names[] = { "authorization:", "x-api-key:", "api-key:" };
		bool line_start = p == text || p[-1] == '\n';
		bool blanked = false;
		for (size_t i = 0; line_start && i < 3; i++) {
			size_t n = strlen(names[i]);
			if (!strncasecmp(p, names[i], n)) {
				(void)strbuf_add(&sb, p, n);
				(void)strbuf_adds(&sb, " [REDACTED]");
				p += n;
				while (*p && *p != '\n')
					p++;
				blanked = true;
				break;
			}
		}
		if (!blanked)
			(void)strbuf_addch(&sb, *p++);
	}
	return strbuf_detach(&sb, NULL);
}

/* --- files ---------------------------------------------------------------- */

int llm_make_dirs(const char *path)
{
	if (!path || !*path)
		return td_error(TD_ERR_IO, "empty directory name");
	char *copy = xstrdup(path);
	int err = TD_OK;
	for (char *p = copy + 1; ; p++) {
		if (*p == '/' || *p == '\0') {
			char c = *p;
			*p = '\0';
			if (mkdir(copy, 0700) != 0 && errno != EEXIST) {
				err = td_error(TD_ERR_IO, "cannot create directory '%s': %s", copy,
					       strerror(errno));
				break;
			}
			*p = c;
			if (!c)
				break;
		}
	}
	free(copy);
	return err;
}

/* Write `text` to `path` through a unique temp file and rename. */
static int write_atomic(const char *path, const char *text)
{
	static unsigned long counter;
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	pthread_mutex_lock(&lock);
	unsigned long n = ++counter;
	pthread_mutex_unlock(&lock);
	char *tmp = xasprintf("%s.tmp.%ld.%lu", path, (long)getpid(), n);
	int err = TD_OK;
	FILE *f = fopen(tmp, "w");
	if (!f) {
		err = td_error(TD_ERR_IO, "cannot write '%s': %s", tmp, strerror(errno));
		goto out;
	}
	size_t len = strlen(text);
	bool ok = fwrite(text, 1, len, f) == len;
	ok = (fclose(f) == 0) && ok;
	if (!ok || rename(tmp, path) != 0) {
		err = td_error(TD_ERR_IO, "cannot write '%s': %s", path, strerror(errno));
		(void)unlink(tmp);
	}
out:
	free(tmp);
	return err;
}

/* <dir>/<k0k1>/<key>.json */
static char *entry_path(const char *dir, const char *key)
{
	return xasprintf("%s/%.2s/%s.json", dir, key, key);
}

int llm_cache_get(const char *dir, const char *key, struct cJSON **answer)
{
	*answer = NULL;
	char *path = entry_path(dir, key);
	struct strbuf sb;
	strbuf_init(&sb, CACHE_ENTRY_MAX);
	int err = strbuf_read_file(&sb, path);
	if (err) {
		err = TD_ERR_NOT_FOUND;
		goto out;
	}
	cJSON *root = cJSON_ParseWithLength(sb.buf, sb.len);
	const cJSON *k = cJSON_GetObjectItemCaseSensitive(root, "key");
	cJSON *a = cJSON_DetachItemFromObjectCaseSensitive(root, "answer");
	if (!cJSON_IsString(k) || strcmp(k->valuestring, key) || !a) {
		log_warn("ignoring corrupt cache entry %s", path);
		cJSON_Delete(a);
		err = TD_ERR_NOT_FOUND;
	} else {
		*answer = a;
	}
	cJSON_Delete(root);
out:
	strbuf_release(&sb);
	free(path);
	return err;
}

int llm_cache_put(const char *dir, const char *key, const char *provider,
		  const char *model, const char *schema_name, const struct cJSON *answer)
{
	char *sub = xasprintf("%s/%.2s", dir, key);
	int err = llm_make_dirs(sub);
	free(sub);
	if (err)
		return err;
	cJSON *root = cJSON_CreateObject();
	cJSON_AddStringToObject(root, "key", key);
	cJSON_AddStringToObject(root, "provider", provider);
	cJSON_AddStringToObject(root, "model", model);
	cJSON_AddStringToObject(root, "schema", schema_name);
	cJSON_AddItemToObject(root, "answer", cJSON_Duplicate(answer, 1));
	char *text = cJSON_Print(root);
	cJSON_Delete(root);
	char *path = entry_path(dir, key);
	err = write_atomic(path, text);
	free(path);
	free(text);
	return err;
}

/* A JSON value for a body: the parsed JSON when it is JSON, else a string. */
static cJSON *body_value(const char *body, size_t len)
{
	cJSON *v = body ? cJSON_ParseWithLength(body, len) : NULL;
	if (v)
		return v;
	char *s = xstrndup(body ? body : "", len);
	v = cJSON_CreateString(s);
	free(s);
	return v;
}

int llm_record_write(const char *dir, unsigned long seq, const char *agent,
		     const char *url, const char *const *headers, size_t n_headers,
		     const char *request, long status, const char *response,
		     size_t response_len, double latency_ms, const char *secret)
{
	int err = llm_make_dirs(dir);
	if (err)
		return err;
	cJSON *root = cJSON_CreateObject();
	cJSON_AddNumberToObject(root, "seq", (double)seq);
	cJSON_AddStringToObject(root, "agent", agent);
	cJSON_AddStringToObject(root, "url", url);
	cJSON *hs = cJSON_AddArrayToObject(root, "request_headers");
	for (size_t i = 0; i < n_headers; i++) {
		char *h = llm_redact(headers[i], secret);
		cJSON_AddItemToArray(hs, cJSON_CreateString(h));
		free(h);
	}
	cJSON_AddItemToObject(root, "request", body_value(request, request ? strlen(request) : 0));
	cJSON_AddNumberToObject(root, "status", (double)status);
	cJSON_AddItemToObject(root, "response", body_value(response, response_len));
	cJSON_AddNumberToObject(root, "latency_ms", latency_ms);
	char *text = cJSON_Print(root);
	cJSON_Delete(root);
	/* Belt and braces: a server that echoes the key must not leak it here. */
	char *clean = llm_redact(text, secret);
	free(text);
	char *path = xasprintf("%s/%06lu-%s.json", dir, seq, agent);
	err = write_atomic(path, clean);
	free(path);
	free(clean);
	return err;
}
