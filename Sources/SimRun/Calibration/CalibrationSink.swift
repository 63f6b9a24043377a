import SimModel
import SimPlatform
import SimRecords

/// Gathers a calibration run's cells: each attributed install's winning postbacks to its ad
/// network, by window, joined with its conversion's truth when that arrives.
///
/// The run does not pass through the receivers (calibration runs are many; verifying their
/// signatures teaches nothing), so a repeated postback for the same install and window counts
/// once, as the receiver's deduplication would make it.
package struct CalibrationSink: RunSink {
  private let namer: PostbackSource
  private let windowCount: Int
  private let currencies: [String]
  private let table: CurrencyTable
  private let eventCount: Int
  /// Per user, what each window's winning postback carried and pointed at.
  private var pending: [String: [Int: (CalibrationSignal, CalibrationCell.Source)]] = [:]
  /// The cells so far.
  package private(set) var cells: [CalibrationCell.Key: CalibrationCell] = [:]
  /// Installs joined so far.
  package private(set) var installs = 0

  /// A sink for runs of `scenario` decoded with `schema`.
  package init(scenario: Scenario, schema: ConversionSchema) {
    namer = PostbackSource(networks: scenario.adNetworks)
    windowCount = scenario.attributionFramework.windowCount
    currencies = scenario.currencies
    table = schema.currencies
    eventCount = schema.eventNames.count
  }

  package mutating func receive(_ postback: PostbackRecord) {
    guard postback.recipient == .adNetwork, postback.didWin else { return }
    let body = PostbackFields(postback.payload)
    guard let source = namer.source(of: body) else { return }
    let window = body.sequenceIndex ?? 0
    guard pending[postback.user]?[window] == nil else { return }
    let signal: CalibrationSignal
    if let fine = body.fineValue, ConversionUpdate.fineRange.contains(Int(clamping: fine)) {
      signal = .fine(Int(fine))
    } else if let coarse = body.coarseValue.flatMap(CoarseValue.init) {
      signal = .coarse(coarse)
    } else if body.fineValue == nil, body.coarseValue == nil {
      signal = .none
    } else {
      return  // a value no schema produces teaches nothing
    }
    pending[postback.user, default: [:]][window] = (signal, source)
  }

  package mutating func receive(_ conversion: ConversionRecord) {
    let truth = conversion.truth
    // Only installs whose first postback came: the decoder imputes later windows from those.
    guard let seen = pending.removeValue(forKey: truth.user), let first = seen[0] else { return }
    installs += 1
    for window in 0..<windowCount {
      let (signal, source) = seen[window] ?? (.missing, first.1)
      var cell = cells[CalibrationCell.Key(window: window, signal: signal, source: source)]
        ?? CalibrationCell(eventUsers: Array(repeating: 0, count: eventCount))
      cell.installs += 1
      for later in (window + 1)..<max(window + 1, min(windowCount, truth.windows.count)) {
        cell.laterRevenue += truth.windows[later].revenue(.all, currencies: currencies, table: table)
      }
      if truth.windows.indices.contains(window) {
        let measures = truth.windows[window]
        cell.revenue += measures.revenue(.all, currencies: currencies, table: table)
        for index in 0..<eventCount where measures.eventCounts.indices.contains(index) && measures.eventCounts[index] > 0 {
          cell.eventUsers[index] += 1
        }
      }
      cells[CalibrationCell.Key(window: window, signal: signal, source: source)] = cell
    }
  }
}
