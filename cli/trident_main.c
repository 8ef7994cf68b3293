/*
 * trident_main.c - the `trident` command line: parses the subcommand and hands
 * over to the library. Nothing but argument dispatch lives here.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

int main(int argc, char **argv)
{
	return cli_main(argc, argv);
}
