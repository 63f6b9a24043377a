import SimEngine
import SimModel

/// Reads a scenario's `rules` object: the settings for uncertain and disputed platform rules.
package enum RulesReader {
  package static let keys = [
    "tieBreak", "viewReplacement", "laterPostbacksWithoutUpdate", "sendDelayShape", "legacyFirstPostbackDelay",
    "runnerUpCoarseValue", "countryCode", "sourceIdentifierDigits", "countryLimitsTier", "appImpressionValidity",
    "marketplaceIdentifierMinimumTier", "reengagementLimitPerMonth", "reengagementLimitPerYear", "lateFineOnlyCall",
    "developerModeSendDelay",
  ]

  package static func read(_ reader: JSONReader) -> PlatformRules {
    var rules = PlatformRules()
    guard let object = reader.object(keys: keys) else { return rules }
    func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, _ value: inout Choice)
    where Choice.RawValue == String {
      if let text = object.optional(key)?.oneOf(Choice.allCases.map(\.rawValue)), let parsed = Choice(rawValue: text) {
        value = parsed
      }
    }
    choice("tieBreak", &rules.tieBreak)
    choice("viewReplacement", &rules.viewReplacement)
    choice("legacyFirstPostbackDelay", &rules.legacyFirstPostbackDelay)
    choice("sourceIdentifierDigits", &rules.digitSelection)
    choice("lateFineOnlyCall", &rules.lateFineOnlyCall)
    choice("developerModeSendDelay", &rules.developerModeSendDelay)
    if let value = object.optional("laterPostbacksWithoutUpdate")?.bool() { rules.laterPostbacksWithoutUpdate = value }
    if let value = object.optional("runnerUpCoarseValue")?.bool() { rules.runnerUpCoarseValue = value }
    if let value = object.optional("countryCode")?.bool() { rules.countryCode = value }
    if let value = object.optional("countryLimitsTier")?.bool() { rules.countryLimitsTier = value }
    if let validityReader = object.optional("appImpressionValidity"), let validity = validityReader.duration() {
      if validity <= .zero {
        validityReader.error("expected a duration longer than zero, found \(validity)")
      } else {
        rules.appImpressionValidity = validity
      }
    }
    if let tier = object.optional("marketplaceIdentifierMinimumTier")?.integer(in: 1...3) {
      rules.marketplaceIdentifierMinimumTier = Int(tier)
    }
    if let limit = object.optional("reengagementLimitPerMonth")?.integer(in: 0...1_000_000) {
      rules.reengagementLimitPerMonth = Int(limit)
    }
    if let limit = object.optional("reengagementLimitPerYear")?.integer(in: 0...1_000_000) {
      rules.reengagementLimitPerYear = Int(limit)
    }
    if let shapeReader = object.optional("sendDelayShape"), let shape = shapeReader.distribution(of: .amount) {
      // A fraction of the delay range: the distribution must stay in [0, 1].
      if shape.lowerBound < 0 || shape.upperBound > 1 {
        shapeReader.error(
          "expected a distribution on [0, 1] (the position within the delay range), found one on "
            + "[\(shape.lowerBound), \(shape.upperBound)]")
      } else {
        rules.sendDelayShape = shape
      }
    }
    return rules
  }
}
