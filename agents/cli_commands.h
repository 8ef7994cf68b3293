/*
 * cli_commands.h - the subcommand list. Each module that adds a command
 * declares its cmd_* function here and adds one CLI_COMMANDS line.
 */
#ifndef TRIDENT_AGENTS_CLI_COMMANDS_H
#define TRIDENT_AGENTS_CLI_COMMANDS_H

int cmd_version(int argc, char **argv);

#define CLI_COMMANDS \
	{ "version", cmd_version, "print the version" },

#endif
