import SimEngine
import SimJSON
import SimModel

/// Reads the app's subscription products (the scenario's `products`) and a cohort's
/// `subscription`: who subscribes, converts from a trial, renews and asks for refunds.
package enum SubscriptionReader {
  package static let productKeys = ["id", "period", "prices", "trial"]
  package static let trialKeys = ["duration", "prices"]
  package static let cohortKeys = [
    "product", "currency", "start", "startDelay", "trial", "trialToPaid", "renewal", "survival", "refund", "seenBy",
    "serverDelay", "events",
  ]
  package static let eventKeys = ["trial", "paid", "renewal", "refund", "expiry"]

  /// The products, each with a period, a price in at least one currency and an optional trial,
  /// and the ids of those that could not be read (reported already), so cohorts naming one add
  /// no second, misleading "unknown product" error.
  package static func products(_ reader: JSONReader) -> (readable: [SubscriptionProduct], unreadable: Set<String>) {
    guard let elements = reader.array() else { return ([], []) }
    let named = elements.compactMap { element -> (String, JSONReader)? in
      guard case .object(let members) = element.node.value, let id = members.first(where: { $0.key == "id" }),
        case .string(let name) = id.value.value
      else { return nil }
      return (name, element)
    }
    JSONReader.logDuplicates(named, what: "product")
    let readable = elements.compactMap(product)
    let readableIDs = Set(readable.map(\.id))
    return (readable, Set(named.map(\.0).filter { !readableIDs.contains($0) }))
  }

  private static func product(_ reader: JSONReader) -> SubscriptionProduct? {
    guard let object = reader.object(keys: productKeys) else { return nil }
    let id = object.required("id", "the App Store product identifier")?.nonEmptyString()
    let period = object.required("period", "week, month, year, or a duration such as \"30d\"").flatMap(period)
    let prices = object.required("prices", "a price per currency, e.g. { USD: 9.99 }").flatMap { self.prices($0, empty: false) }
    // A bad trial is reported and left out, keeping the product so cohorts naming it add no errors.
    let trial = object.optional("trial").flatMap { self.trial($0, period: period, prices: prices) }
    guard let id, let period, let prices else { return nil }
    return SubscriptionProduct(id: id, period: period, prices: prices, trial: trial)
  }

  /// A trial: a duration no longer than the period, and prices in the product's currencies.
  private static func trial(
    _ reader: JSONReader, period: SubscriptionPeriod?, prices: [String: Double]?
  ) -> SubscriptionProduct.Trial? {
    guard let object = reader.object(keys: trialKeys),
      let durationReader = object.required("duration", "how long the trial lasts"), let duration = durationReader.duration()
    else { return nil }
    var trialPrices: [String: Double] = [:]
    if let pricesReader = object.optional("prices") {
      guard let read = self.prices(pricesReader, empty: true) else { return nil }
      trialPrices = read
    }
    if duration <= .zero {
      durationReader.error("expected a trial longer than zero, found \(DurationNotation.format(duration))")
      return nil
    }
    if let period, duration > period.shortest {
      durationReader.error(
        "expected a trial no longer than its period (a \(period.description), at least \(DurationNotation.format(period.shortest))), "
          + "found \(DurationNotation.format(duration))")
      return nil
    }
    if let prices, let currency = trialPrices.keys.sorted().first(where: { prices[$0] == nil }) {
      object.optional("prices")?.error("the trial has a price in \(currency), the product none: add prices.\(currency) to the product")
      return nil
    }
    return SubscriptionProduct.Trial(duration: duration, prices: trialPrices)
  }

  /// `week`, `month`, `year`, or a whole number of days as a duration.
  private static func period(_ reader: JSONReader) -> SubscriptionPeriod? {
    guard case .string(let text) = reader.node.value else {
      reader.expected("week, month, year, or a duration in whole days such as \"30d\"")
      return nil
    }
    switch text {
    case "week": return .days(7)
    case "month": return .months(1)
    case "year": return .months(12)
    default:
      guard let duration = reader.duration() else { return nil }
      let days = duration.milliseconds / 86_400_000
      guard days >= 1, duration.milliseconds % 86_400_000 == 0 else {
        reader.error("expected week, month, year, or a whole number of days (\"30d\"), found \(Excerpt.quoted(text))")
        return nil
      }
      return .days(Int(days))
    }
  }

  /// Prices by currency code, each from 0 to the largest amount; at least one unless `empty`.
  private static func prices(_ reader: JSONReader, empty: Bool) -> [String: Double]? {
    guard case .object(let members) = reader.node.value else {
      reader.expected("an object of prices by currency code, e.g. { USD: 9.99, EUR: 8.99 }")
      return nil
    }
    if members.isEmpty, !empty {
      reader.error("expected at least one price, e.g. { USD: 9.99 }")
      return nil
    }
    var prices: [String: Double] = [:]
    var bad = false
    for member in members {
      let priceReader = reader.child(member.value, key: member.key)
      guard SchemaReader.isCurrencyCode(member.key) else {
        priceReader.error("'\(member.key)' is not a currency code (three capital letters, ISO 4217)")
        bad = true
        continue
      }
      guard let price = priceReader.nonNegativeNumber() else {
        bad = true
        continue
      }
      // Stores charge whole cents.
      prices[member.key] = (price * 100).rounded() / 100
    }
    return bad ? nil : prices
  }

  /// A cohort's subscription behaviour, naming one of `products`.
  package static func cohortSubscription(
    _ reader: JSONReader, products: [SubscriptionProduct], unreadable: Set<String>, declared: Bool
  ) -> CohortSubscription? {
    guard let object = reader.object(keys: cohortKeys) else { return nil }
    let productReader = object.required("product", "the id of one of the scenario's products")
    var product: SubscriptionProduct?
    if let productReader {
      if !declared {
        productReader.error("the scenario has no 'products': declare the subscription products there")
      } else if case .string(let name) = productReader.node.value, unreadable.contains(name) {
        // Its product's own errors say what is wrong; "unknown product" would mislead.
      } else if !products.isEmpty {
        product = productReader.reference(to: products.map(\.id), what: "product").map { products[$0] }
      }
    }
    let currencyReader = object.optional("currency")
    let currency = currencyReader.flatMap(SchemaReader.currencyCode) ?? "USD"
    if let product, product.prices[currency] == nil {
      (currencyReader ?? object.required("product"))?.error(
        "expected a price in \(currency), the cohort's currency, but product '\(product.id)' is priced in "
          + "\(product.prices.keys.sorted().joined(separator: ", ")): add prices.\(currency) to it, or set the cohort's 'currency'")
    }
    let start = object.required("start", "probability that a user who launches the app subscribes")?.probability()
    let startDelay = object.optional("startDelay").map { $0.distribution(of: .duration) } ?? .fixed(0)
    let takesTrial = object.optional("trial")?.bool() ?? true
    if object.optional("trial") != nil, takesTrial, let product, product.trial == nil {
      object.optional("trial")?.error("product '\(product.id)' has no trial: add one to it, or leave 'trial' out")
    }
    let trialToPaid = object.optional("trialToPaid")?.probability() ?? 1
    var renewal: [Double]?
    switch (object.optional("renewal"), object.optional("survival")) {
    case (.some, .some):
      reader.error("give 'renewal' (per-period probabilities) or 'survival' (share still paying), not both")
    case (let renewalReader?, nil):
      renewal = renewalReader.probabilities()
    case (nil, let survivalReader?):
      if let shares = survivalReader.probabilities() {
        if let index = shares.indices.dropFirst().first(where: { shares[$0] > shares[$0 - 1] }) {
          survivalReader.error(
            "expected a survival curve that never rises, found \(shares[index].plain) after \(shares[index - 1].plain) at [\(index)]")
        } else {
          renewal = CohortSubscription.renewal(fromSurvival: shares)
        }
      }
    case (nil, nil):
      reader.error("missing key 'renewal' (probability of renewing at the end of each paid period) or 'survival'")
    }
    var refund: CohortSubscription.Refund?
    if let refundReader = object.optional("refund") {
      guard let refundObject = refundReader.object(keys: ["probability", "within"]) else { return nil }
      let probability = refundObject.required("probability", "share of charges refunded")?.probability()
      let window = refundObject.required("within", "how long after a charge refunds come, e.g. \"14d\"")?.duration()
      guard let probability, let window else { return nil }
      refund = CohortSubscription.Refund(probability: probability, window: window)
    }
    let seenByName = object.optional("seenBy")?.oneOf(["nextLaunch", "server"]) ?? "nextLaunch"
    var seenBy = CohortSubscription.SeenBy.nextLaunch
    let serverDelayReader = object.optional("serverDelay")
    if seenByName == "server" {
      let delay = serverDelayReader.map { $0.distribution(of: .duration) } ?? .fixed(Double(SimDuration.minutes(1).milliseconds))
      guard let delay else { return nil }
      seenBy = .server(delay: delay)
    } else if let serverDelayReader {
      serverDelayReader.error("'serverDelay' is the server path's: set seenBy to \"server\", or leave it out")
    }
    var events = CohortSubscription.StepNames()
    if let eventsReader = object.optional("events") {
      guard let eventsObject = eventsReader.object(keys: eventKeys) else { return nil }
      if let name = eventsObject.optional("trial")?.nonEmptyString() { events.trial = name }
      if let name = eventsObject.optional("paid")?.nonEmptyString() { events.paid = name }
      if let name = eventsObject.optional("renewal")?.nonEmptyString() { events.renewal = name }
      if let name = eventsObject.optional("refund")?.nonEmptyString() { events.refund = name }
      if let name = eventsObject.optional("expiry")?.nonEmptyString() { events.expiry = name }
      if Set(events.all).count < events.all.count {
        eventsReader.error("expected five different event names, found \(events.all.map { "'\($0)'" }.joined(separator: ", "))")
      }
    }
    guard let product, product.prices[currency] != nil, let start, let startDelay, let renewal else { return nil }
    return CohortSubscription(
      product: product, currency: currency, start: start, startDelay: startDelay, takesTrial: takesTrial && product.trial != nil,
      trialToPaid: trialToPaid, renewal: renewal, refund: refund, seenBy: seenBy, events: events)
  }
}
