import CommandLineKit

/// `--progress`, on `run`, `sweep`, `merge` and `schema optimize`: when to show a progress line.
struct ProgressOption {
  @Option(
    name: "progress", valueName: "when",
    help: "Show progress on standard error: auto rewrites one line on a terminal and otherwise (a cluster's log) "
      + "prints a line every \(Int(ProgressLine.plainInterval)) seconds with done of total, rate and time left; always "
      + "prints those lines even on a terminal, and a last one at the end; never prints none.",
    defaultDescription: "auto, or the ATTRSIM_PROGRESS environment variable",
    parsing: ValueParser<ProgressLine.Mode>.oneOf)
  var mode: ProgressLine.Mode = .fromEnvironment
}
