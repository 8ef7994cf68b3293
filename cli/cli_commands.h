/*
 * cli_commands.h - the subcommand list. Each module that adds a command
 * declares its cmd_* function here and adds one CLI_COMMANDS line.
 */
#ifndef TRIDENT_CLI_CLI_COMMANDS_H
#define TRIDENT_CLI_CLI_COMMANDS_H

int cmd_version(int argc, char **argv);
int cmd_devices(int argc, char **argv);
int cmd_capture(int argc, char **argv);
int cmd_app_info(int argc, char **argv);
int cmd_annotate(int argc, char **argv);
int cmd_llm_check(int argc, char **argv);
int cmd_screen(int argc, char **argv);
int cmd_explore(int argc, char **argv);
int cmd_eval(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_campaign(int argc, char **argv);
int cmd_audit(int argc, char **argv);
int cmd_replay(int argc, char **argv);

#define CLI_COMMANDS \
	{ "version", cmd_version, "print the version" }, \
	{ "devices", cmd_devices, "list adb devices (serial, state, model)" }, \
	{ "capture", cmd_capture, "capture a device screen: screen.png, screen.xml, activity.txt" }, \
	{ "app-info", cmd_app_info, "print an app's metadata (APK or sim:APP) as JSON" }, \
	{ "annotate", cmd_annotate, "annotate a screen (XML + screenshot) and print its widget list" }, \
	{ "llm-check", cmd_llm_check, "send one small multimodal request to the configured model" }, \
	{ "screen", cmd_screen, "show a UI dump's widgets and signatures, or compare two dumps" }, \
	{ "explore", cmd_explore, "explore an app with the three agents and report functional bugs" }, \
	{ "report", cmd_report, "rebuild a run's bugs.json, summary.json, report.html (and JUnit) from its trace" }, \
	{ "campaign", cmd_campaign, "run apps x seeds over many devices, resumable, with one merged report" }, \
	{ "audit", cmd_audit, "audit one functionality on demand (a script, a design, or a goal in words): pass or fail, for CI" }, \
	{ "replay", cmd_replay, "reproduce one bug of a run on a device from a clean start" }, \
	{ "eval", cmd_eval, "score a run's bugs.json against a simulated app's injected bugs" },

#endif
