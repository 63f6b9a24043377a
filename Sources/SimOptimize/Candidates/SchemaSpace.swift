import Foundation
import SimEngine

/// The schemas a search may try, within Apple's limits (6 bits, 64 fine values; 3 coarse
/// values; 3 windows, or 1 and no coarse values or locks before SKAdNetwork 4.0): drawn at
/// random around a pilot's ``RevenueProfile``, or a fixed list.
public struct SchemaSpace: Sendable {
  /// Postback windows of the scenario's framework (3, or 1 before SKAdNetwork 4.0).
  public var windowCount: Int
  /// Events the scenario's users perform, sorted: the candidates' flags and lock events.
  public var events: [String]
  /// What the pilot measured.
  public var profile: RevenueProfile
  /// When set, the search scores exactly these candidates and draws none.
  public var fixed: [SchemaCandidate]?
  /// Whether candidates may take coarse 'low' from revenue (four levels), so installs below it
  /// send no postback 2 or 3; when false 'low' is any install that opened the app.
  public var silentWindows: Bool
  /// The share of fresh candidates whose ladder encodes the profile's predicted-LTV model
  /// (``SchemaCandidate/predicting(with:)``); 0 draws none. Decided on a stream of its own, so
  /// the other candidates' draws are those of a search without them.
  public var predictedShare = 0.0

  /// A space for a scenario with `windowCount` windows and `events`, around `profile`.
  public init(
    windowCount: Int, events: [String], profile: RevenueProfile, fixed: [SchemaCandidate]? = nil, silentWindows: Bool = true
  ) {
    self.windowCount = windowCount
    self.events = events.sorted()
    self.profile = profile
    self.fixed = fixed
    self.silentWindows = silentWindows
  }

  /// `count` candidates (the fixed ones when set), the same for the same seed; duplicates are
  /// drawn again, so all differ.
  public func candidates(count: Int, seed: UInt64) -> [SchemaCandidate] {
    if let fixed { return Array(fixed.prefix(count)) }
    var stream = RandomStream(seed: seed).child("schema-space")
    var pltv = RandomStream(seed: seed).child("schema-space-pltv")
    var drawn: [SchemaCandidate] = []
    var seen: Set<String> = []
    var attempts = 0
    var cache = Breaks()
    while drawn.count < count, attempts < count * 20 {
      attempts += 1
      var candidate = draw(&stream, cache: &cache)
      if predictedShare > 0, windowCount == 3, let predictor = profile.predictor, unit(&pltv) < predictedShare {
        candidate = candidate.predicting(with: predictor)
      }
      // Reasons hold the same numbers as the parts; the summary and bounds tell candidates apart.
      let key = candidate.summary + candidate.revenueBounds.map(SchemaCandidate.amount).joined(separator: ",")
      if seen.insert(key).inserted { drawn.append(candidate) }
    }
    return drawn
  }

  // MARK: - Drawing one candidate

  /// Natural breaks already worked out, by window and group count: they cost groups × 300².
  private struct Breaks {
    var ladders: [Int: [Double]] = [:]
    var coarse: [Int: [Double]] = [:]
  }

  private func draw(_ stream: inout RandomStream, cache: inout Breaks) -> SchemaCandidate {
    let currency = profile.currency
    // Events that tell users apart in window 1: neither (almost) everyone's nor (almost) no one's.
    let informative = events.filter { (0.005...0.995).contains(profile.eventShares[$0] ?? 0) }
    var flagCount = pick(&stream, weights: [0.4, 0.4, 0.2])
    flagCount = min(flagCount, informative.count)
    var pool = informative
    var flags: [String] = []
    for _ in 0..<flagCount {
      flags.append(pool.remove(at: index(&stream, below: pool.count)))
    }
    let counter: SchemaCandidate.Counter? =
      unit(&stream) < 0.15 ? .init(measure: unit(&stream) < 0.5 ? "sessions" : "activeDays", bits: 2) : nil
    let revenueBits = max(2, 6 - flags.count - (counter?.bits ?? 0))
    if revenueBits + flags.count + (counter?.bits ?? 0) > 6 { flags.removeLast() }

    // The ladder: the first edge splits payers from the rest; the others run to a top quantile,
    // spaced between equal shares of payers (dense where most pay) and equal ratios (even in log).
    let lowest = max(0.01, (profile.quantile(0, window: 0) ?? 0.01))
    let tops = [0.95, 0.98, 0.99, 0.995, 0.999]
    let topQuantile = tops[index(&stream, below: tops.count)]
    let top = max(lowest * 2, profile.quantile(topQuantile, window: 0) ?? lowest * 100)
    let most = (1 << revenueBits) - 1
    let wanted = (1 << (revenueBits - 1)) + index(&stream, below: most - (1 << (revenueBits - 1)) + 1)
    let spacing = unit(&stream)
    let natural = unit(&stream) < 0.5
    var bounds = [Self.rounded(lowest)]
    if natural, wanted > 1 {
      // The edges of least spread within buckets, payers only: the first edge already splits off the rest.
      let edges =
        cache.ladders[wanted] ?? RevenueBreaks.edges(profile.revenues[0].filter { $0 >= lowest }, groups: wanted)
      cache.ladders[wanted] = edges
      for edge in edges.map(Self.rounded) where edge > bounds.last! { bounds.append(edge) }
    } else if wanted > 1 {
      for step in 1..<wanted {
        let fraction = Double(step) / Double(wanted - 1)
        let byMoney = max(lowest, profile.revenueQuantile(fraction * topQuantile, window: 0) ?? lowest)
        let byRatio = exp(log(lowest) + fraction * (log(top) - log(lowest)))
        let edge = Self.rounded(exp((1 - spacing) * log(byMoney) + spacing * log(byRatio)))
        if edge > bounds.last! { bounds.append(edge) }
      }
    }
    let spare = most - bounds.count
    let spacingWords =
      spacing < 0.2 ? "at equal shares of the revenue" : spacing > 0.8 ? "at equal ratios" : "between equal shares of the revenue and equal ratios"
    var reasons: [String: String] = [:]
    reasons["revenue"] =
      "\(bounds.count) revenue bounds in \(revenueBits) bits, leaving \(spare) value\(spare == 1 ? "" : "s") of headroom above the top bucket. "
      + "The first edge, \(SchemaCandidate.amount(bounds[0])) \(currency), separates installs with no revenue in window 1 from payers; "
      + (natural
        ? "the others, up to \(SchemaCandidate.amount(bounds.last!)) \(currency), are the natural breaks of paying installs' window-1 "
          + "revenue in the pilot: the edges that leave the least spread of revenue inside each bucket (Fisher's exact method), "
          + "which is what a calibrated decoder cannot recover."
        : "the others climb to \(SchemaCandidate.amount(bounds.last!)) \(currency), below which \(percentile(topQuantile)) of "
          + "window-1 revenue lies in the pilot, spaced \(spacingWords): revenue above the top edge is rare enough "
          + "that one open bucket carries it.")
    if let counter {
      reasons["counter"] =
        "A \(counter.bits)-bit \(counter.measure) counter (0 to \((1 << counter.bits) - 1), capped): engagement that predicts later revenue "
        + "the ladder cannot see."
    }
    if !flags.isEmpty {
      let shares = flags.map { "\($0) (\(percent(profile.eventShares[$0] ?? 0)) of installs in window 1)" }
      reasons["events"] =
        "Event flags, in this bit order: \(shares.joined(separator: ", ")). Each splits installs at the same revenue "
        + "into those that did and did not, which the calibrated decoder learns apart."
    }

    // Coarse values: per window, "medium" and "high" at quantiles of that window's paying installs.
    var coarse: [SchemaCandidate.Coarse] = []
    var coarseWords: [String] = []
    // An event most installs never perform (a purchase) can say 'medium' by itself: payers apart
    // from the rest whatever they spent.
    let rare = events.filter { (0.005...0.5).contains(profile.eventShares[$0] ?? 0) }
    let mediumEvent = !rare.isEmpty && unit(&stream) < 0.4 ? rare[index(&stream, below: rare.count)] : nil
    if windowCount == 3 {
      // Four levels: 'low' from revenue too, so installs below it get no coarse value and no
      // postback for windows 2 and 3, which the decoder imputes as a missing window.
      // (Drawn whether or not allowed, so the rest of a candidate's draws stay the same.)
      let fourLevels = unit(&stream) < 0.5 && silentWindows
      let levels = fourLevels ? 4 : 3
      for window in 0..<3 {
        let source = profile.revenues[window].isEmpty ? 0 : window
        var low: Double?
        var medium = 0.01, high = 0.02
        var how = ""
        if unit(&stream) < 0.6 {
          // Natural breaks of every install's revenue in the window (zeros too: they share the lowest level).
          let edges =
            cache.coarse[source * 8 + levels] ?? RevenueBreaks.edges(profile.allInstalls(window: source), groups: levels)
          cache.coarse[source * 8 + levels] = edges
          let stretch = unit(&stream) < 0.5 ? 1 : 0.6 + 0.8 * unit(&stream)
          if let cut = Self.levels(fromBreaks: edges.map { $0 * stretch }, fourLevels: fourLevels) {
            (low, medium, high) = cut
            how = stretch == 1 ? "natural breaks" : String(format: "natural breaks × %.2f", stretch)
          }
        }
        if how.isEmpty {
          let lowQ = 0.02 + 0.48 * unit(&stream)
          let highQ = min(0.95, lowQ + 0.1 + (0.95 - lowQ - 0.1) * unit(&stream))
          medium = profile.revenueQuantile(lowQ, window: source) ?? 0.01
          high = profile.revenueQuantile(highQ, window: source) ?? medium * 10
          if fourLevels { low = profile.revenueQuantile(lowQ / 4, window: source) ?? medium / 4 }
          how =
            (fourLevels ? "\(percentile(lowQ / 4)), " : "")
            + "\(percentile(lowQ)) and \(percentile(highQ)) of the window's revenue lie below them"
        }
        let thresholds = Self.coarse(low: low, medium: medium, high: high, mediumEvent: mediumEvent)
        coarse.append(thresholds)
        coarseWords.append(
          "window \(window + 1): " + (thresholds.low.map { "low from \(SchemaCandidate.amount($0)), " } ?? "")
            + "medium from \(SchemaCandidate.amount(thresholds.medium)), high from \(SchemaCandidate.amount(thresholds.high)) (\(how))")
      }
      reasons["coarse"] =
        "Coarse values carry revenue where the fine value cannot (crowd tier 1, and postbacks 2 and 3). Per window, "
        + (fourLevels ? "'low', 'medium' " : "'medium' ")
        + "and 'high' start where the pilot's revenue in that window splits into groups of least spread (natural breaks) or "
        + "at shares of that revenue, so the values sort installs into groups the decoder can tell apart (\(currency)): " + coarseWords.joined(separator: "; ") + ". "
        + (mediumEvent.map { "Any install with \($0) is 'medium' at least, whatever it spent, so payers stand apart. " } ?? "")
        + (fourLevels
          ? "An install below 'low' gets no coarse value, so windows 2 and 3 send it no postback and the decoder imputes its "
            + "window as missing: four levels where the coarse value has three, the lowest for installs that earned (almost) nothing."
          : "'low' is any install that opened the app.")
    }

    // Locks: none, a revenue lock where the value cannot rise further, or an earlier postback.
    var lock: SchemaCandidate.Lock?
    if windowCount == 3 {
      let choice = unit(&stream)
      if choice < 0.45 {
        reasons["lock"] = nil
      } else if choice < 0.65 {
        lock = .revenue(window: 0, atLeast: bounds.last!)
        reasons["lock"] =
          "Window 1 locks once revenue reaches the top edge, \(SchemaCandidate.amount(bounds.last!)) \(currency): the ladder "
          + "cannot rise further, so the postback leaves up to two days sooner"
          + (flags.isEmpty && counter == nil
            ? " for nothing the fine value loses."
            : "; only what the flags and counter would still have added after the lock is lost.")
      } else if choice < 0.8 {
        let hours = [12, 24, 36][index(&stream, below: 3)]
        lock = .hours(window: 0, atLeast: hours)
        reasons["lock"] =
          "Window 1 locks at the first activity \(hours) hours after install: the first postback comes earlier, at the cost "
          + "of revenue after hour \(hours) of window 1, which postbacks 2 and 3 then carry only as coarse values."
      } else if choice < 0.95 {
        let window = 1 + index(&stream, below: 2)
        lock = .revenue(window: window, atLeast: coarse[window].high)
        reasons["lock"] =
          "Window \(window + 1) locks once revenue reaches 'high' (\(SchemaCandidate.amount(coarse[window].high)) \(currency)): "
          + "its coarse value cannot rise further, so its postback leaves sooner for no loss."
      } else if let event = flags.first {
        lock = .event(window: 0, name: event)
        reasons["lock"] =
          "Window 1 locks at \(event): the first postback comes as soon as it happens, trading revenue after it for time."
      }
    }
    return SchemaCandidate(
      revenueBounds: bounds, revenueBits: revenueBits, counter: counter, eventBits: flags, coarse: coarse, lock: lock,
      reasons: reasons)
  }

  /// A window's coarse thresholds as candidates carry them: readable amounts (``rounded(_:)``),
  /// 'low' at least 0.01, 'medium' at least half again 'low' and 'high' half again 'medium'
  /// (rounding never undoes that margin), so each level can apply.
  static func coarse(low: Double?, medium: Double, high: Double, mediumEvent: String?) -> SchemaCandidate.Coarse {
    let low = low.map { rounded(max(0.01, $0)) }
    let medium = rounded(max(0.01, medium, (low ?? 0) * 1.5))
    return SchemaCandidate.Coarse(medium: medium, high: rounded(max(high, medium * 1.5)), mediumEvent: mediumEvent, low: low)
  }

  /// 'low' (with four levels), 'medium' and 'high' at a window's natural breaks into four or three
  /// groups; nil when the breaks are fewer (too few distinct revenues).
  static func levels(fromBreaks edges: [Double], fourLevels: Bool) -> (low: Double?, medium: Double, high: Double)? {
    guard edges.count == (fourLevels ? 3 : 2) else { return nil }
    return (fourLevels ? edges[0] : nil, edges[edges.count - 2], edges[edges.count - 1])
  }

  /// A value rounded to 2 significant digits (3 from 100), at least 0.01: edges people can read.
  static func rounded(_ value: Double) -> Double {
    guard value > 0.01 else { return 0.01 }
    let digits = value >= 100 ? 3.0 : 2.0
    let scale = pow(10, floor(log10(value)) - digits + 1)
    return (value / scale).rounded() * scale
  }

  private func percentile(_ q: Double) -> String {
    let value = q * 100
    return value == value.rounded() ? "\(Int(value)) %" : String(format: "%.1f %%", value)
  }

  private func percent(_ share: Double) -> String { String(format: "%.1f%%", 100 * share) }

  private func unit(_ stream: inout RandomStream) -> Double { stream.nextUnit() }

  private func index(_ stream: inout RandomStream, below count: Int) -> Int {
    count <= 1 ? 0 : Int(stream.next() % UInt64(count))
  }

  private func pick(_ stream: inout RandomStream, weights: [Double]) -> Int {
    var draw = unit(&stream) * weights.reduce(0, +)
    for (index, weight) in weights.enumerated() {
      if draw < weight { return index }
      draw -= weight
    }
    return weights.count - 1
  }
}
