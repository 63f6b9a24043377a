import SimEngine
import SimModel

/// The default tier policy: install-count thresholds per crowd key over a trailing period,
/// with forced tiers for tests and for campaigns a study wants pinned (rulebook §6). In Developer
/// Mode every conversion gets tier 3 unless a tier is forced.
///
/// Crowd keys are the advertised app, the publisher, the install country, and each form
/// (2, 3 or 4 rightmost digits) of the campaign's source identifier within its network. A form's
/// tier is the lowest tier among the app, the publisher, the country (unless the
/// `countryLimitsTier` setting is off) and that form; Apple's selection rule then picks the form.
/// `country-code` needs the country's own tier at 3.
public struct CrowdTierPolicy: TierPolicy {
  private enum CrowdKey: Hashable {
    case app
    case publisher(Int)
    case country(String)
    case source(network: Int, digits: Int, value: Int)
  }

  private let networks: [AdNetwork]
  private let privacy: PrivacySettings
  /// Developer Mode postbacks get the highest tier allowed (rulebook §5.4, B12).
  private let developerMode: Bool
  private let selection: PlatformRules.DigitSelection
  private let countryLimitsTier: Bool
  /// The source-identifier forms with crowds of their own (``AttributionFramework/sourceIdentifierDigitForms``).
  private let digitForms: [Int]
  private var crowds: [CrowdKey: TrailingCounter] = [:]

  /// The policy for a scenario.
  public init(scenario: Scenario) {
    networks = scenario.adNetworks
    privacy = scenario.privacy
    developerMode = scenario.platform.developerMode
    selection = scenario.rules.digitSelection
    countryLimitsTier = scenario.rules.countryLimitsTier
    digitForms = scenario.attributionFramework.sourceIdentifierDigitForms
  }

  private func keys(of install: ConversionFacts) -> [CrowdKey] {
    let source = networks[install.network].campaigns[install.campaign].sourceIdentifier
    return [.app, .publisher(install.publisher), .country(install.country)]
      + digitForms.map { .source(network: install.network, digits: $0, value: source % TierDecision.modulus(digits: $0)) }
  }

  public mutating func record(_ install: ConversionFacts) {
    if forcedTier(install) != nil { return }
    for key in keys(of: install) { crowds[key, default: TrailingCounter()].add(install.time) }
  }

  public mutating func decide(for conversion: ConversionFacts) -> TierDecision {
    if let tier = forcedTier(conversion) {
      return .selecting(formTiers: [2: tier, 3: tier, 4: tier], countryTier: tier, selection: selection)
    }
    guard !privacy.probePeriods.isEmpty else {
      return sizes(for: conversion).decision(thresholds: privacy.thresholds, selection: selection)
    }
    let all = sizes(for: conversion, periods: [privacy.crowdPeriod] + privacy.probePeriods)
    var decision = all[0].decision(thresholds: privacy.thresholds, selection: selection)
    decision.probes = Array(all.dropFirst())
    return decision
  }

  /// The sizes of `conversion`'s crowds at its time, which ``decide(for:)`` judges by the thresholds.
  public mutating func sizes(for conversion: ConversionFacts) -> CrowdSizes {
    sizes(for: conversion, periods: [privacy.crowdPeriod])[0]
  }

  /// The sizes of `conversion`'s crowds at its time over each of `periods`.
  private mutating func sizes(for conversion: ConversionFacts, periods: [SimDuration]) -> [CrowdSizes] {
    let cutoffs = periods.map { conversion.time - $0 }
    let country = sizes(of: .country(conversion.country), after: cutoffs)
    let app = sizes(of: .app, after: cutoffs)
    let publisher = sizes(of: .publisher(conversion.publisher), after: cutoffs)
    let source = networks[conversion.network].campaigns[conversion.campaign].sourceIdentifier
    var forms = [[Int?]](repeating: [nil, nil, nil], count: periods.count)
    for digits in digitForms {
      let key = CrowdKey.source(network: conversion.network, digits: digits, value: source % TierDecision.modulus(digits: digits))
      for (index, size) in sizes(of: key, after: cutoffs).enumerated() { forms[index][digits - 2] = size }
    }
    return periods.indices.map { index in
      var shared = min(app[index], publisher[index])
      if countryLimitsTier { shared = min(shared, country[index]) }
      return CrowdSizes(shared: shared, country: country[index], forms: forms[index])
    }
  }

  private func forcedTier(_ conversion: ConversionFacts) -> Int? {
    networks[conversion.network].campaigns[conversion.campaign].forceTier ?? privacy.forceTier ?? (developerMode ? 3 : nil)
  }

  private mutating func sizes(of key: CrowdKey, after cutoffs: [SimTime]) -> [Int] {
    guard crowds[key] != nil else { return cutoffs.map { _ in 0 } }
    return cutoffs.count == 1 ? [crowds[key]!.count(after: cutoffs[0])] : crowds[key]!.counts(after: cutoffs)
  }
}
