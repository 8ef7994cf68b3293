/*
 * input_gen.h - text for input fields, chosen from what the field says it
 * wants: its hint, resource-id, content-desc and class (and the password
 * flag). Emails, phone numbers, numbers (inside a range the hint names,
 * "Rating (1-5)"), dates, times, URLs, names, search terms, passwords,
 * postal codes, card numbers (Luhn-valid test numbers), card security codes
 * and expiry dates (MM/YY), or a short distinct phrase.
 *
 * Values are deterministic for a given (field, serial) pair, distinct across
 * serials (so two saves of "the same" note can be told apart by the
 * duplicate-entry oracle), and use only characters `input text` can carry
 * (letters, digits, '@', '.', '-', ':', '/', no spaces: spaces are written
 * as '_' by the generator itself so no shell escaping is ever needed).
 * Probes (input_gen_probe) are the exception: the spaces probe has real
 * spaces, which device_input_text() encodes for `input text`.
 */
#ifndef TRIDENT_AGENTS_INPUT_GEN_H
#define TRIDENT_AGENTS_INPUT_GEN_H

#include <stddef.h>

#include "core/ui.h"

enum input_kind {
	INPUT_KIND_TEXT,
	INPUT_KIND_EMAIL,
	INPUT_KIND_PHONE,
	INPUT_KIND_NUMBER,
	INPUT_KIND_DATE,
	INPUT_KIND_TIME,
	INPUT_KIND_URL,
	INPUT_KIND_NAME,
	INPUT_KIND_SEARCH,
	INPUT_KIND_PASSWORD,
	INPUT_KIND_TITLE,
	INPUT_KIND_POSTAL,
	INPUT_KIND_CARD,
	INPUT_KIND_CVV,
	INPUT_KIND_EXPIRY,
};

/* What kind of value the field asks for (from hint, id, desc, class). */
enum input_kind input_gen_kind(const struct ui_widget *w);
/* The kind's name ("email", ...), static. */
const char *input_gen_kind_name(enum input_kind kind);
/*
 * Write a value for `w` into buf (always NUL-terminated, truncated to n-1).
 * `serial` makes values distinct across calls. Returns the kind used.
 */
enum input_kind input_gen_text(const struct ui_widget *w, unsigned serial, char *buf, size_t n);

/*
 * A visible text of t that states the range of numbers field w takes, as
 * an app answers a refused value ("Enter an amount from 1 to 99", "Must
 * be between 1 and 12"): not clickable, not a field, at most 120 bytes,
 * a range of whole numbers in it ("1 to 99", "1-12", "between 1 and 12"),
 * a word telling a rule (enter, must, between, range, allowed, valid,
 * only, should) and a word of the field's hint, text or resource-id (3+
 * letters: "amount" for e_amount). NULL when none; a field whose own hint
 * names a range needs none.
 */
const char *input_gen_range_said(const struct ui_tree *t, const struct ui_widget *w);
/*
 * As input_gen_text, for a number field (by its hint, id and class) whose
 * hint names no range, inside the range `said` states (input_gen_range_said;
 * NULL: as input_gen_text).
 */
enum input_kind input_gen_text_in(const struct ui_widget *w, const char *said, unsigned serial, char *buf,
				  size_t n);

/* Invalid and boundary values that probe a field's validation. */
enum input_probe {
	INPUT_PROBE_EMPTY,     /* "" (a required field left empty) */
	INPUT_PROBE_LETTERS,   /* a numeric value with a letter inside ("80a02") */
	INPUT_PROBE_ZERO,      /* "0" */
	INPUT_PROBE_NEGATIVE,  /* "-" and a valid value */
	INPUT_PROBE_LONG,      /* 120 characters (digits for numeric fields) */
	INPUT_PROBE_SPACES,    /* a valid value with leading and trailing spaces */
	INPUT_PROBE__COUNT
};

/* The probe's name ("letters", ...), static. */
const char *input_gen_probe_name(enum input_probe p);
/*
 * Write a probing value for `w` into buf (NUL-terminated, truncated to
 * n-1): `serial` picks among the probes that fit the field's kind. Numeric
 * fields (numbers, postal codes, phone and card numbers, security codes)
 * get letters, zero, negative, empty or long; text fields (names, titles,
 * emails, URLs, dates, times) get empty, long or spaces; passwords and
 * search fields get empty or long. Returns the probe used.
 */
enum input_probe input_gen_probe(const struct ui_widget *w, unsigned serial, char *buf, size_t n);

#endif
