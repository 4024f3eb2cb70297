package io.github.ycsbembedded.core.testing;

/**
 * The behaviour every binding must have, checked by reading values back: every capability's tests
 * (one interface each, in this package). A binding's test extends this class and supplies only how
 * to create its client and, if needed, extra properties or a hook of {@link Conformance}.
 */
public abstract class BindingConformanceTest extends BindingFixture
    implements PointOperationsConformance,
        ScanConformance,
        ConcurrencyConformance,
        LifecycleConformance,
        EngineStatisticsConformance,
        PropertiesConformance,
        BatchReadConformance,
        BatchWriteConformance,
        AtomicWriteConformance,
        DirectoryConformance,
        FaultConformance {}
