import AttributionSim
import Dispatch
import Foundation

/// Ends the tool on SIGINT, SIGTERM, SIGHUP (a closed terminal or SSH session) and SIGQUIT
/// without leaving temporary files, scratch folders or started programs behind: the signal is
/// taken on a queue of its own (not in signal context), the files being written are removed,
/// programs it started are asked to stop (SIGTERM), and the process exits with the shell's status
/// for the signal, 128 + its number (130, 143, 129, 131). SIGQUIT asks for a stop, not a crash
/// report: it prints no backtrace and leaves no core.
enum Interruption {
  /// The signal sources; kept alive for the life of the process.
  nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

  /// Starts listening; call once, first thing, before any thread or file is made.
  static func install() {
    // A mask of blocked signals inherited from whatever started attrsim (a test runner, a CI
    // agent) would pass to the programs it starts and keep them from stopping: start clean.
    var none = sigset_t()
    sigemptyset(&none)
    pthread_sigmask(SIG_SETMASK, &none, nil)
    let queue = DispatchQueue(label: "attrsim.signals")
    for (number, name) in [(SIGINT, "interrupted"), (SIGTERM, "terminated"), (SIGHUP, "hung up"), (SIGQUIT, "quit")] {
      // The default action would end the process at once; the source sees the signal instead.
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { end(signal: number, name: name) }
      source.resume()
      sources.append(source)
    }
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var ending = false

  /// Parks the calling thread for good when a signal is being handled: the handler exits with the
  /// signal's status. Called before the tool exits, because stopping the programs a run started
  /// makes the run fail, and its failure status (74) must not win the race with the signal's.
  static func waitIfEnding() {
    guard lock.withLock({ ending }) else { return }
    while true { sleep(60) }
  }

  private static func end(signal number: Int32, name: String) -> Never {
    lock.withLock { ending = true }
    // Waits for a set of renames under way, so the folder holds the old outputs or the new.
    let removed = TemporaryFiles.shared.removeAll()
    // A conversion-model command would otherwise outlive the run (it may ignore its closed input).
    ChildProcesses.shared.terminateAll()
    let files = removed == 0 ? "" : "; removed \(removed) unfinished temporary file\(removed == 1 ? "" : "s")"
    // A fresh line: a progress line may be on screen.
    Console.error("\n\(name)\(files)")
    // _exit: the main thread is still running, so no exit-time cleanup may run beside it.
    _exit(128 + number)
  }
}
