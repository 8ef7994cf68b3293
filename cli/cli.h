/*
 * cli.h - the `trident` subcommands. Each cmd_* takes the arguments after the
 * subcommand name (argv[0] is the subcommand) and returns the process exit
 * status: 0 success, 1 failure (the run found nothing wrong with itself but
 * the job failed), 2 usage error.
 */
#ifndef TRIDENT_CLI_CLI_H
#define TRIDENT_CLI_CLI_H

int cli_main(int argc, char **argv);

#endif
