/// Why postbacks cannot be delivered: a recipient has no usable endpoint.
public struct DeliveryError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Lowercase description naming the network or endpoint.
  public var description: String

  /// An error with the given description.
  public init(_ description: String) { self.description = description }
}
