/*
 * cli.h - the `trident` subcommands. Each cmd_* takes the arguments after the
 * subcommand name (argv[0] is the subcommand) and returns the process exit
 * status: 0 success, 1 failure, 2 usage error; `explore` uses the whole
 * CLI_EXIT_CODES table.
 */
#ifndef TRIDENT_CLI_CLI_H
#define TRIDENT_CLI_CLI_H

#include <stdio.h>

/*
 * The exit codes of `trident explore` (and the other commands where they
 * apply), one list for the code, --help and the README table.
 */
#define CLI_EXIT_CODES \
	X(CLI_EXIT_OK, 0, "the run completed (or the command succeeded)") \
	X(CLI_EXIT_BUGS, 1, "bugs were reported and --fail-on-bugs was given; other commands: failure") \
	X(CLI_EXIT_USAGE, 2, "usage or configuration error (bad flag, bad config value, busy device)") \
	X(CLI_EXIT_DEVICE, 3, "the device was lost and did not come back within device.reconnect_ms") \
	X(CLI_EXIT_MODEL, 4, "the model is unusable: key rejected (401/403), unknown model (404), budget spent") \
	X(CLI_EXIT_WRITE, 5, "the run directory could not be written (disk full, I/O error)") \
	X(CLI_EXIT_ERROR, 6, "any other error that ended the run early") \
	X(CLI_EXIT_INTERRUPTED, 130, "interrupted by SIGINT or SIGTERM (reports written)")

enum cli_exit {
#define X(name, code, what) name = code,
	CLI_EXIT_CODES
#undef X
};

/* Print the exit code table ("exit codes:\n  0  ...") to `f`. */
void cli_exit_codes_help(FILE *f);

int cli_main(int argc, char **argv);

struct config;
/*
 * config_load() for a command: the built-in defaults, then `path` (NULL:
 * none). A file that holds llm.api_key and can be read by group or others
 * gets the one warning every command gives (llm_check_config_file).
 * Errors as config_load(); nothing printed.
 */
int cli_config_load(struct config **cfg, const char *path);

/*
 * The value of flag `name` at argv[*i]: "--name=VALUE", or "--name VALUE"
 * (then *i moves past VALUE). NULL when argv[*i] is another flag or VALUE
 * is missing.
 */
const char *cli_flag_value(int argc, char **argv, int *i, const char *name);

/* Whether arg is `name` or `name=...`. */
int cli_is_flag(const char *arg, const char *name);

/*
 * The exit code (CLI_EXIT_CODES) for a TD_ERR_* that stopped a command:
 * bad configuration or input 2, device 3, model 4, writing 5,
 * interruption 130, anything else 6.
 */
int cli_exit_for_error(int err);

#endif
