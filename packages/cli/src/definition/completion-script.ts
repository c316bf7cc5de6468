/**
 * Shell completion scripts made from the command definitions: command words, group
 * subcommands, and each command's options (with their choices). Static scripts: the
 * shell completes without starting tsift.
 */
import type { AnyDefinition, OptionDefinition } from "./define-command";
import { GLOBAL_OPTIONS } from "./global-options";

export type Shell = "bash" | "zsh" | "fish";

interface Completable {
  /** `search`, `graph-db status`. */
  words: string;
  options: readonly OptionDefinition[];
}

function completables(definitions: readonly AnyDefinition[]): Completable[] {
  return definitions.flatMap((definition) =>
    definition.kind === "command"
      ? [{ words: definition.name, options: definition.options }]
      : [
          { words: definition.name, options: definition.options },
          ...definition.subcommands.map((sub) => ({ words: `${definition.name} ${sub.name}`, options: [...definition.options, ...sub.options] })),
        ],
  );
}

const flagsOf = (options: readonly OptionDefinition[]) => [
  ...options.map((option) => `--${option.name}`),
  ...GLOBAL_OPTIONS.map((option) => `--${option.name}`),
  "--help",
];

export function completionScript(shell: Shell, definitions: readonly AnyDefinition[]): string {
  if (shell === "bash") return bashScript(definitions);
  if (shell === "zsh") return `#compdef tsift\nautoload -U bashcompinit && bashcompinit\n${bashScript(definitions)}`;
  return fishScript(definitions);
}

function bashScript(definitions: readonly AnyDefinition[]): string {
  const entries = completables(definitions);
  const choiceCases = entries.flatMap((entry) =>
    entry.options
      .filter((option) => option.choices)
      .map((option) => `    "${entry.words} --${option.name}") COMPREPLY=($(compgen -W "${option.choices!.join(" ")}" -- "$cur")); return;;`),
  );
  const flagCases = entries.map((entry) => `    "${entry.words}") COMPREPLY=($(compgen -W "${flagsOf(entry.options).join(" ")}" -- "$cur"));;`);
  const groups = definitions.filter((definition) => definition.kind === "group");
  const subcommandLines = groups.map(
    (group) =>
      `  if [ "$words" = "${group.name}" ] && [[ "$cur" != -* ]]; then COMPREPLY=($(compgen -W "${group.subcommands.map((sub) => sub.name).join(" ")}" -- "$cur")); return; fi`,
  );
  return `# tsift completion for bash: add \`source <(tsift completion bash)\` to ~/.bashrc
_tsift() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" words="" word
  for word in "\${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
    case "$word" in
      -*) ;;
      *) if [ -z "$words" ]; then words="$word"; continue; fi
         case "$words" in ${groups.map((group) => `${group.name}) words="$words $word";;`).join(" ")} esac
         break;;
    esac
  done
  if [ -z "$words" ]; then COMPREPLY=($(compgen -W "${definitions.map((definition) => definition.name).join(" ")}" -- "$cur")); return; fi
${subcommandLines.join("\n")}
  case "$words $prev" in
${choiceCases.join("\n")}
  esac
  [[ "$cur" == -* ]] || return
  case "$words" in
${flagCases.join("\n")}
  esac
}
complete -o default -F _tsift tsift
`;
}

function fishScript(definitions: readonly AnyDefinition[]): string {
  const quote = (text: string) => `'${text.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;
  const lines = [
    "# tsift completion for fish: save as ~/.config/fish/completions/tsift.fish",
    "complete -c tsift -f",
    ...GLOBAL_OPTIONS.map((option) => `complete -c tsift -l ${option.name} -d ${quote(option.description)}`),
    `set -l tsift_commands ${definitions.map((definition) => definition.name).join(" ")}`,
    ...definitions.map(
      (definition) => `complete -c tsift -n "not __fish_seen_subcommand_from $tsift_commands" -a ${definition.name} -d ${quote(definition.summary)}`,
    ),
  ];
  for (const definition of definitions) {
    const condition = `__fish_seen_subcommand_from ${definition.name}`;
    if (definition.kind === "group") {
      const subs = definition.subcommands.map((sub) => sub.name).join(" ");
      for (const sub of definition.subcommands)
        lines.push(`complete -c tsift -n "${condition}; and not __fish_seen_subcommand_from ${subs}" -a ${sub.name} -d ${quote(sub.summary)}`);
      for (const sub of definition.subcommands)
        for (const option of sub.options) lines.push(fishOption(`${condition}; and __fish_seen_subcommand_from ${sub.name}`, option, quote));
    }
    for (const option of definition.options) lines.push(fishOption(condition, option, quote));
  }
  return `${lines.join("\n")}\n`;
}

function fishOption(condition: string, option: OptionDefinition, quote: (text: string) => string): string {
  const short = option.alias?.length === 1 ? ` -s ${option.alias}` : option.alias ? ` -l ${option.alias}` : "";
  const value = option.type === "boolean" ? "" : option.choices ? ` -x -a ${quote(option.choices.join(" "))}` : " -r";
  return `complete -c tsift -n "${condition}" -l ${option.name}${short}${value} -d ${quote(option.description)}`;
}
