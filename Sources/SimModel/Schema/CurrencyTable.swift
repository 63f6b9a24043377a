/// The currency a schema states revenue in, and what other currencies are worth in it.
public struct CurrencyTable: Hashable, Sendable {
  /// ISO 4217 code of the schema's currency.
  public var base: String
  /// Units of `base` per unit of each other currency.
  public var rates: [String: Double]

  /// A table; `rates` need not list `base`.
  public init(base: String = "USD", rates: [String: Double] = [:]) {
    self.base = base
    self.rates = rates
  }

  /// US dollars, nothing else.
  public static let usd = CurrencyTable()

  /// Base units per unit of `code`, or nil when the table cannot convert it.
  public func rate(_ code: String) -> Double? { code == base ? 1 : rates[code] }

  /// The currencies among `codes` the table cannot convert.
  public func missing(_ codes: [String]) -> [String] { codes.filter { rate($0) == nil } }
}
