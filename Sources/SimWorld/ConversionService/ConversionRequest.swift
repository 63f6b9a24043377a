/// What the SDK sends a conversion-value service about one activity.
public struct ConversionRequest: Hashable, Sendable {
  /// One query parameter.
  public struct Parameter: Hashable, Sendable {
    public var name: String
    public var value: String

    /// A parameter.
    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  /// Query parameters, in the order they are sent.
  public var parameters: [Parameter]

  /// A request with these parameters.
  public init(parameters: [Parameter]) { self.parameters = parameters }

  /// The value of the first parameter called `name`.
  public subscript(name: String) -> String? { parameters.first { $0.name == name }?.value }
}
