/// The version of this build.
public enum GuidebookVersion {
    public static let current = "0.1.0"
}
