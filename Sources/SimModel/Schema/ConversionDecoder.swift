/// The server side of a conversion model: what a postback's value says about its window.
///
/// ``ConversionSchema`` decodes its own values; a Swift model can conform too.
public protocol ConversionDecoder: Sendable {
  /// What fine value `fine` means in window `window` (0 before 4.0); nil when the model cannot
  /// produce it (an "unknown value").
  func decode(fine: Int, window: Int) -> DecodedValue?
  /// What coarse value `coarse` means in window `window`; nil when the model cannot produce it.
  func decode(coarse: CoarseValue, window: Int) -> DecodedValue?
  /// The currency decoded revenue is in, and how true revenue converts into it.
  var currencies: CurrencyTable { get }
}

extension ConversionDecoder {
  /// US dollars, unless the model says otherwise.
  public var currencies: CurrencyTable { .usd }
}
