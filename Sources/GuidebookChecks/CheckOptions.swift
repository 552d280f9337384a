/// How the checks are run, read once at start (`--checks`, `--check-length-ratio`).
public struct CheckOptions: Sendable, Equatable {
    /// False: no translation is checked on write (the reference of the write benchmark); what was
    /// found before stays until the checks run again.
    public var isEnabled: Bool
    /// The band the translation's length over the source's (in characters) must fall in.
    public var lengthRatio: ClosedRange<Double>
    /// Sources shorter than this (in characters) are not held to the band: a title of two words
    /// has no meaningful ratio.
    public var lengthRatioMinimumSource: Int

    /// The default band: Korean runs at 0.37 to 0.76 of the English in the seed; below a quarter
    /// a translation has lost text, above one and a half it has gained some.
    public static let defaultLengthRatio: ClosedRange<Double> = 0.25...1.5

    public init(isEnabled: Bool = true, lengthRatio: ClosedRange<Double> = CheckOptions.defaultLengthRatio, lengthRatioMinimumSource: Int = 20) {
        (self.isEnabled, self.lengthRatio, self.lengthRatioMinimumSource) = (isEnabled, lengthRatio, lengthRatioMinimumSource)
    }

    /// What changes the findings of a text, as one line: stored with the findings, so a store
    /// opened with other options checks everything again (`version` moves with the rules).
    public var fingerprint: String {
        isEnabled ? "v\(Self.version) ratio \(lengthRatio.lowerBound)-\(lengthRatio.upperBound) min \(lengthRatioMinimumSource)" : "off"
    }

    /// The version of the checks' rules: raised when a rule changes what it finds, so stored
    /// findings are made again at the next start.
    public static let version = 1
}
