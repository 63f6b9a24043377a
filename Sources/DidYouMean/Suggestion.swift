/// "Did you mean" suggestions for misspelt keys, options and subcommands.
public enum Suggestion {
  /// The candidate closest to `word`, or nil when none is plausibly a misspelling of it.
  ///
  /// Distance is the optimal-string-alignment edit distance (a swap of two neighbours counts
  /// as one edit), compared case-insensitively. A candidate is plausible when the distance is
  /// at most a third of the word's length, but at least 1 and at most 3, the same spirit as
  /// swift-argument-parser's rule. Ties go to the candidate listed first. Failing that, a
  /// candidate that begins the word, or that the word begins, sharing three letters or more
  /// (dashes aside), is plausible too (`--output` → `--out`, `calib` → `calibration`), the
  /// longest shared start first.
  public static func closest(to word: String, among candidates: some Sequence<String>, prefixes: Bool = true) -> String? {
    let target = Array(word.lowercased().unicodeScalars)
    let limit = min(3, max(1, target.count / 3))
    var best: (candidate: String, distance: Int)?
    var prefixed: (candidate: String, shared: Int)?
    // Option dashes are no letters of the name: `--se` is too short to begin `--seed` plausibly.
    let letters = target.drop { $0 == "-" }
    for candidate in candidates {
      let other = Array(candidate.lowercased().unicodeScalars)
      let distance = editDistance(target, other)
      if distance <= limit, distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
      let otherLetters = other.drop { $0 == "-" }
      let shared = min(letters.count, otherLetters.count)
      if shared >= 3, letters.starts(with: otherLetters) || otherLetters.starts(with: letters), shared > (prefixed?.shared ?? 0) {
        prefixed = (candidate, shared)
      }
    }
    return best?.candidate ?? (prefixes ? prefixed?.candidate : nil)
  }

  /// Whether two names differ only in their digits (`level_4`, `level_5`): apart by a small edit,
  /// but most often two things, not one misspelt.
  public static func differOnlyInDigits(_ a: String, _ b: String) -> Bool {
    a.filter { !$0.isNumber } == b.filter { !$0.isNumber }
  }

  /// Optimal-string-alignment distance: insertions, deletions, substitutions, adjacent swaps.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previous2[j - 2] + 1)
        }
        current[j] = value
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
