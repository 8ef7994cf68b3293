/* cli.c - subcommand table and top-level help for `trident`. */
#include "cli/cli.h"

#include <stdio.h>
#include <string.h>

#include "cli/cli_commands.h"
#include "core/config.h"
#include "core/error.h"
#include "core/llm.h"
#include "core/paths.h"

struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
};

static const struct command commands[] = {
	CLI_COMMANDS
};

void cli_exit_codes_help(FILE *f)
{
	fprintf(f, "exit codes:\n");
#define X(name, code, what) fprintf(f, "  %-4d %s\n", code, what);
	CLI_EXIT_CODES
#undef X
}

static void usage(FILE *f)
{
	fprintf(f, "usage: trident <command> [options]\n\n"
		   "trident explores an Android app and reports non-crash functional bugs.\n\n"
		   "commands:\n");
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fprintf(f, "  %-12s %s\n", commands[i].name, commands[i].summary);
	fprintf(f, "\nRun 'trident <command> --help' for a command's options.\n\n");
	cli_exit_codes_help(f);
}

int cli_main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("trident %s\n", TRIDENT_VERSION);
		return 0;
	}
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].run(argc - 1, argv + 1);
	fprintf(stderr, "trident: '%s' is not a command; see 'trident --help'\n", argv[1]);
	return 2;
}

int cmd_version(int argc, char **argv)
{
	printf("trident %s\n", TRIDENT_VERSION);
	if (argc > 1 && !strcmp(argv[1], "--data-dir"))
		printf("data: %s\n", trident_data_dir());
	return 0;
}

int cli_config_load(struct config **cfg, const char *path)
{
	int err = config_load(cfg, path);

	if (err == TD_OK)
		(void)llm_check_config_file(*cfg, path);
	return err;
}

const char *cli_flag_value(int argc, char **argv, int *i, const char *name)
{
	size_t n = strlen(name);

	if (!strncmp(argv[*i], name, n) && argv[*i][n] == '=')
		return argv[*i] + n + 1;
	if (strcmp(argv[*i], name) || *i + 1 >= argc)
		return NULL;
	return argv[++*i];
}

int cli_is_flag(const char *arg, const char *name)
{
	size_t n = strlen(name);

	return !strncmp(arg, name, n) && (arg[n] == '\0' || arg[n] == '=');
}

int cli_exit_for_error(int err)
{
	switch (err) {
	case TD_ERR_CONFIG:
	case TD_ERR_INVALID:
	case TD_ERR_PARSE:
		return CLI_EXIT_USAGE;
	case TD_ERR_DEVICE:
	case TD_ERR_NOT_FOUND:
	case TD_ERR_CLOSED:
	case TD_ERR_PROTOCOL:
	case TD_ERR_TIMEOUT:
		return CLI_EXIT_DEVICE;
	case TD_ERR_AUTH:
	case TD_ERR_BUDGET:
		return CLI_EXIT_MODEL;
	case TD_ERR_IO:
		return CLI_EXIT_WRITE;
	case TD_ERR_INTERRUPTED:
		return CLI_EXIT_INTERRUPTED;
	default:
		return CLI_EXIT_ERROR;
	}
}
