import Foundation
import SimEngine

extension SchemaSpace {
  /// `count` schemas a step or two from `start` (a local search around the starting schema):
  /// its ladder edges moved, a bucket added or merged, the ladder re-cut at natural breaks, a
  /// flag dropped or reordered, every flag dropped for a six-bit ladder, the coarse thresholds
  /// moved or re-cut (in three levels or four), the lock changed or removed. The
  /// same for the same seed and `label`; all differ from each other, from `start` and from `known`
  /// (keys, ``key(_:)``). Parts no move touched keep `start`'s reasons; `origin` names it in the others'.
  public func neighbours(
    of start: SchemaCandidate, count: Int, seed: UInt64, label: String = "schema-neighbours",
    origin: String = "the starting schema", known: Set<String> = []
  ) -> [SchemaCandidate] {
    var stream = RandomStream(seed: seed).child(label)
    var drawn: [SchemaCandidate] = []
    var seen: Set<String> = known.union([Self.key(start)])
    var attempts = 0
    while drawn.count < count, attempts < count * 20 {
      attempts += 1
      var candidate = start
      var moves: [String] = []
      var touched: Set<String> = []
      let steps = stream.nextUnit() < 0.6 ? 1 : 2
      for _ in 0..<steps {
        if let move = step(&candidate, stream: &stream) {
          moves.append(move.words)
          touched.formUnion(move.parts)
        }
      }
      guard !moves.isEmpty, candidate.bitsUsed <= 6, candidate.revenueBounds.count <= (1 << candidate.revenueBits) - 1
      else { continue }
      candidate.reasons = reasons(for: candidate, moves: moves, from: start, touched: touched, origin: origin)
      if seen.insert(Self.key(candidate)).inserted { drawn.append(candidate) }
    }
    return drawn
  }

  /// What tells candidates apart: the summary and the exact bounds.
  package static func key(_ candidate: SchemaCandidate) -> String {
    candidate.summary + candidate.revenueBounds.map(SchemaCandidate.amount).joined(separator: ",")
  }

  /// One move applied to `candidate`: its description and the parts it changed (keys of
  /// ``SchemaCandidate/reasons``), or nil when it did not apply.
  private func step(_ candidate: inout SchemaCandidate, stream: inout RandomStream) -> (words: String, parts: Set<String>)? {
    let move = Int(stream.next() % 9)
    let parts: Set<String> =
      switch move {
      case 0...3: ["revenue"]
      case 4: ["revenue", "events"]
      case 5: ["counter"]
      case 6: ["coarse"]
      case 7: ["revenue", "events", "counter"]
      default: ["lock"]
      }
    return apply(move, to: &candidate, stream: &stream).map { ($0, parts) }
  }

  private func apply(_ move: Int, to candidate: inout SchemaCandidate, stream: inout RandomStream) -> String? {
    var bounds = candidate.revenueBounds
    switch move {
    case 0:
      // Each edge above the first moves by up to a third, either way.
      for index in bounds.indices.dropFirst() where stream.nextUnit() < 0.6 {
        bounds[index] = Self.rounded(bounds[index] * exp((stream.nextUnit() * 2 - 1) * 0.29))
      }
      bounds = Self.ascending(bounds)
      guard bounds != candidate.revenueBounds else { return nil }
      candidate.revenueBounds = bounds
      return "its ladder's edges moved by up to a third"
    case 1:
      // One more bucket: split the widest gap (by ratio), or open one above the top edge.
      if candidate.headroom == 0 {
        guard candidate.bitsUsed < 6 else { return nil }
        candidate.revenueBits += 1
      }
      if bounds.count >= 2, stream.nextUnit() < 0.7 {
        let gaps = bounds.indices.dropFirst().map { bounds[$0] / bounds[$0 - 1] }
        let widest = gaps.indices.max { gaps[$0] < gaps[$1] }! + 1
        bounds.insert(Self.rounded(sqrt(bounds[widest] * bounds[widest - 1])), at: widest)
      } else {
        bounds.append(Self.rounded(bounds.last! * 2))
      }
      bounds = Self.ascending(bounds)
      guard bounds.count > candidate.revenueBounds.count else { return nil }
      candidate.revenueBounds = bounds
      return "one bucket added (the widest step split, or one above the top edge)"
    case 2:
      guard bounds.count > 2 else { return nil }
      bounds.remove(at: 1 + Int(stream.next() % UInt64(bounds.count - 1)))
      candidate.revenueBounds = bounds
      return "two neighbouring buckets merged"
    case 3:
      // The same number of buckets at the pilot's natural breaks.
      let payers = profile.revenues[0].filter { $0 >= bounds[0] }
      let edges = RevenueBreaks.edges(payers, groups: bounds.count).map(Self.rounded)
      let cut = Self.ascending([bounds[0]] + edges.filter { $0 > bounds[0] })
      guard cut.count >= 2, cut != bounds else { return nil }
      candidate.revenueBounds = Array(cut.prefix((1 << candidate.revenueBits) - 1))
      return "its ladder re-cut at the natural breaks of paying installs' window-1 revenue"
    case 4:
      // A flag's bit goes to the ladder, or two flags swap.
      guard !candidate.eventBits.isEmpty else { return nil }
      if candidate.eventBits.count >= 2, stream.nextUnit() < 0.3 {
        candidate.eventBits.swapAt(0, candidate.eventBits.count - 1)
        return "its flags reordered"
      }
      let dropped = candidate.eventBits.remove(at: Int(stream.next() % UInt64(candidate.eventBits.count)))
      guard candidate.counter == nil else { return "the \(dropped) flag dropped" }
      // The freed bit doubles the ladder's values: the buckets are re-cut at the natural breaks
      // of paying installs, twice as many (a bit of headroom only, were they kept).
      candidate.revenueBits += 1
      let payers = profile.revenues[0].filter { $0 >= bounds[0] }
      let wanted = min((1 << candidate.revenueBits) - 1, 2 * bounds.count)
      let cut = Self.ascending([bounds[0]] + RevenueBreaks.edges(payers, groups: wanted).map(Self.rounded).filter { $0 > bounds[0] })
      if cut.count > bounds.count { candidate.revenueBounds = cut }
      return "the \(dropped) flag dropped, its bit given to the ladder"
        + (cut.count > bounds.count ? ", re-cut at the natural breaks of paying installs' window-1 revenue into \(cut.count) bounds" : "")
    case 5:
      guard candidate.counter != nil else { return nil }
      candidate.counter = nil
      return "the counter dropped"
    case 6 where !candidate.coarse.isEmpty && stream.nextUnit() < 0.5:
      // Every window's thresholds at the natural breaks of its installs' revenue (zeros too):
      // where the pilot's revenue in that window splits into groups of least spread; half the
      // time in four levels, 'low' from revenue too (below it no value: a missing window).
      let fourLevels = stream.nextUnit() < 0.5 && silentWindows
      let levels = fourLevels ? 4 : 3
      var coarse = candidate.coarse
      for window in coarse.indices {
        let source = profile.revenues[window].isEmpty ? 0 : window
        let edges = RevenueBreaks.edges(profile.allInstalls(window: source), groups: levels)
        guard let cut = Self.levels(fromBreaks: edges, fourLevels: fourLevels) else { continue }
        coarse[window] = Self.coarse(low: cut.low, medium: cut.medium, high: cut.high, mediumEvent: coarse[window].mediumEvent)
      }
      guard coarse != candidate.coarse else { return nil }
      candidate.coarse = coarse
      return "every window's coarse thresholds re-cut at the natural breaks of its installs' revenue"
        + (fourLevels ? " in four levels ('low' from revenue; below it no value, imputed as a missing window)" : "")
    case 6:
      guard !candidate.coarse.isEmpty else { return nil }
      let window = Int(stream.next() % UInt64(candidate.coarse.count))
      var coarse = candidate.coarse[window]
      coarse.medium = Self.rounded(max(0.01, coarse.medium * exp((stream.nextUnit() * 2 - 1) * 0.7)))
      coarse.high = Self.rounded(max(coarse.medium * 1.5, coarse.high * exp((stream.nextUnit() * 2 - 1) * 0.7)))
      // Four levels: 'low' moves with 'medium', and goes where rounding leaves it no room below
      // it (a 'low' at or above 'medium' would never apply).
      if let low = candidate.coarse[window].low {
        let moved = Self.rounded(max(0.01, low * coarse.medium / candidate.coarse[window].medium))
        coarse.low = moved < coarse.medium ? moved : nil
      }
      if stream.nextUnit() < 0.2 { coarse.mediumEvent = nil }
      guard coarse != candidate.coarse[window] else { return nil }
      candidate.coarse[window] = coarse
      return "window \(window + 1)'s coarse thresholds moved"
    case 7:
      // Every flag and the counter dropped: the ladder takes all six bits, re-cut at the natural
      // breaks of paying installs into as many buckets as they hold. Flags split each revenue
      // bucket into cells too thin to calibrate; finer revenue buckets each get more installs.
      guard !candidate.eventBits.isEmpty || candidate.counter != nil || candidate.revenueBits < 6 else { return nil }
      let payers = profile.revenues[0].filter { $0 >= bounds[0] }
      let cut = Self.ascending([bounds[0]] + RevenueBreaks.edges(payers, groups: 63).map(Self.rounded).filter { $0 > bounds[0] })
      guard cut.count > bounds.count else { return nil }
      candidate.eventBits = []
      candidate.counter = nil
      candidate.revenueBits = 6
      candidate.revenueBounds = Array(cut.prefix(63))
      return "every flag and counter dropped, the ladder given all six bits and re-cut at the natural breaks of paying "
        + "installs' window-1 revenue into \(candidate.revenueBounds.count) bounds"
    default:
      guard windowCount == 3 else { return nil }
      let choice = Int(stream.next() % 3)
      let lock: SchemaCandidate.Lock? =
        switch choice {
        case 0: nil
        case 1: .revenue(window: 0, atLeast: bounds.last!)
        default:
          candidate.coarse.isEmpty
          ? nil : { window in .revenue(window: window, atLeast: candidate.coarse[window].high) }(1 + Int(stream.next() % 2))
        }
      guard lock != candidate.lock else { return nil }
      candidate.lock = lock
      return lock == nil ? "its lock removed" : "its lock moved to a revenue the window's value cannot rise above"
    }
  }

  /// Whether window `window`'s value is at its top once revenue reaches `amount`: window 1's
  /// ladder (without flags or a counter, which could still rise) at or above its top edge, a
  /// later window's coarse value at or above 'high'.
  static func valueTops(_ candidate: SchemaCandidate, window: Int, at amount: Double) -> Bool {
    if window == 0 {
      return candidate.eventBits.isEmpty && candidate.counter == nil && amount >= (candidate.revenueBounds.last ?? .infinity)
    }
    return candidate.coarse.indices.contains(window) && amount >= candidate.coarse[window].high
  }

  private static func ascending(_ bounds: [Double]) -> [Double] {
    var result: [Double] = []
    for bound in bounds.sorted() where result.last.map({ bound > $0 }) ?? true { result.append(bound) }
    return result
  }

  /// Reasons for a move's result: `parent`'s own for the parts no move touched (when it has one), generic ones naming
  /// `origin` for the rest.
  private func reasons(
    for candidate: SchemaCandidate, moves: [String], from parent: SchemaCandidate, touched: Set<String>, origin: String
  ) -> [String: String] {
    // A lock's reason speaks of the ladder's top edge, a coarse 'high' or the flags, which other
    // moves change: it is always written afresh.
    let kept = parent.reasons.filter { !touched.contains($0.key) && $0.key != "revenue" && $0.key != "lock" }
    let fromWhom = origin
    let movesMade = "A local move from \(origin): " + moves.joined(separator: "; ") + "."
    let ladder = touched.contains("revenue") ? nil : parent.reasons["revenue"]
    var reasons = [
      "revenue":
        "\(movesMade) "
        + (ladder
          ?? "\(candidate.revenueBounds.count) revenue bounds in \(candidate.revenueBits) bits, leaving "
          + "\(candidate.headroom) value\(candidate.headroom == 1 ? "" : "s") of headroom above the top bucket.")
    ]
    if let counter = candidate.counter {
      reasons["counter"] = "The \(counter.bits)-bit \(counter.measure) counter of \(fromWhom)."
    }
    if !candidate.eventBits.isEmpty {
      reasons["events"] = "Event flags kept from \(fromWhom), in this bit order: \(candidate.eventBits.joined(separator: ", "))."
    }
    if !candidate.coarse.isEmpty {
      reasons["coarse"] = "Coarse thresholds from \(fromWhom) (moved where the moves above say)."
    }
    if let lock = candidate.lock {
      reasons["lock"] =
        switch lock {
        case .revenue(let window, let amount):
          "Window \(window + 1) locks once revenue reaches \(SchemaCandidate.amount(amount)): "
            + (Self.valueTops(candidate, window: window, at: amount)
              ? "its value cannot rise further, so the postback leaves sooner for nothing the value loses."
              : "the postback leaves sooner, at the cost of what the value would still have said after it.")
        case .hours(let window, let hours): "Window \(window + 1) locks \(hours) hours after install, as \(fromWhom) does."
        case .event(let window, let name): "Window \(window + 1) locks at \(name), as \(fromWhom) does."
        }
    }
    // What no move touched keeps the parent's own reason (a fresh draw's says where its numbers came from).
    return reasons.merging(kept) { _, own in own }
  }
}
