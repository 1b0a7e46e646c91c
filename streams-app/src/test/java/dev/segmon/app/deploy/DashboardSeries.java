package dev.segmon.app.deploy;

import java.util.List;

/**
 * THE list of series the Grafana dashboard queries: recording rules of
 * deploy/prometheus/rules/segmon-recording.rules.yml, segmon-intervals.rules.yml,
 * segmon-paired.rules.yml and segmon-estimate.rules.yml, and metrics the monitor exports
 * (docs/contract.md 3.2, Micrometer's KafkaStreamsMetrics). Every panel's PromQL is built from these
 * names only; DashboardTest checks that each recorded name exists in the rule files and the live
 * test checks that each query returns data from a running demo.
 */
enum DashboardSeries {
  // Recorded ratios per (model, tier); the window is a suffix (:rate5m, :rate1h, :cumulative).
  PRECISION("segmon:boundary_precision", true),
  RECALL("segmon:boundary_recall", true),
  F1("segmon:boundary_f1", true),
  HIT_RATE("segmon:boundary_hit_rate", true),
  OVER_SEGMENTATION("segmon:boundary_over_segmentation", true),
  R_VALUE("segmon:boundary_r_value", true),
  REFERENCE_BOUNDARY_RATE("segmon:reference_boundaries", true),
  HYPOTHESIS_BOUNDARY_RATE("segmon:hypothesis_boundaries", true),
  HIT_COUNT("segmon:boundary_hits", true),
  WORD_ERROR_RATE("segmon:word_error_rate", true),
  WORD_NED("segmon:word_ned", true),
  REFERENCE_WORD_RATE("segmon:reference_words", true),

  // Exported by the monitor.
  REFERENCE_BOUNDARIES_TOTAL("segmon_reference_boundaries_total", false),
  HYPOTHESIS_BOUNDARIES_TOTAL("segmon_hypothesis_boundaries_total", false),
  BOUNDARY_HITS_TOTAL("segmon_boundary_hits_total", false),
  OFFSET_BUCKET("segmon_boundary_offset_seconds_bucket", false),
  UTTERANCES_TOTAL("segmon_utterances_total", false),
  DEAD_LETTERS_TOTAL("segmon_dead_letters_total", false),
  OPEN_UTTERANCES("segmon_open_utterances", false),
  REFERENCE_LAST_RECEIVED("segmon_reference_last_received_timestamp_seconds", false),
  WORD_SUBSTITUTIONS_TOTAL("segmon_word_substitutions_total", false),
  WORD_INSERTIONS_TOTAL("segmon_word_insertions_total", false),
  WORD_DELETIONS_TOTAL("segmon_word_deletions_total", false),
  WORD_UNSCORED_TOTAL("segmon_word_unscored_utterances_total", false),
  WORD_TIMING_OFFSET_SUM("segmon_word_timing_offset_seconds_sum", false),
  WORD_TIMING_OFFSET_COUNT("segmon_word_timing_offset_seconds_count", false),
  WORD_TIMING_ABSOLUTE_SUM("segmon_word_timing_absolute_offset_seconds_sum", false),
  WORD_TIMING_ABSOLUTE_COUNT("segmon_word_timing_absolute_offset_seconds_count", false),
  WORD_TIMING_ABSOLUTE_BUCKET("segmon_word_timing_absolute_offset_seconds_bucket", false),
  WORD_TIMING_WITHIN_TOTAL("segmon_word_timing_within_words_total", false),
  WORD_TIMING_MATCHED_TOTAL("segmon_word_timing_matched_words_total", false),
  WORD_TIMING_BIAS_LOWER("segmon_word_timing_bias_lower_seconds", false),
  WORD_TIMING_BIAS_UPPER("segmon_word_timing_bias_upper_seconds", false),
  INPUT_PARTITION_MISMATCHES_TOTAL("segmon_input_partition_mismatches_total", false),
  INPUT_PARTITION_CHECKED_TOTAL("segmon_input_partition_checked_total", false),
  ESTIMATE_CLOSED_UTTERANCES_TOTAL("segmon_estimate_closed_utterances_total", false),

  // Micrometer's KafkaStreamsMetrics.
  RECORDS_LAG_MAX("kafka_consumer_fetch_manager_records_lag_max", false),
  PROCESS_RATE("kafka_stream_thread_process_rate", false),
  STATE_ESTIMATE_NUM_KEYS("kafka_stream_state_estimate_num_keys", false),

  // Interval and paired rules (segmon-intervals.rules.yml, segmon-paired.rules.yml): rate5m and rate1h only.
  PRECISION_LOWER("segmon:boundary_precision_lower", Windows.INTERVAL),
  PRECISION_UPPER("segmon:boundary_precision_upper", Windows.INTERVAL),
  RECALL_LOWER("segmon:boundary_recall_lower", Windows.INTERVAL),
  RECALL_UPPER("segmon:boundary_recall_upper", Windows.INTERVAL),
  F1_LOWER("segmon:boundary_f1_lower", Windows.INTERVAL),
  F1_UPPER("segmon:boundary_f1_upper", Windows.INTERVAL),
  OVER_SEGMENTATION_LOWER("segmon:boundary_over_segmentation_lower", Windows.INTERVAL),
  OVER_SEGMENTATION_UPPER("segmon:boundary_over_segmentation_upper", Windows.INTERVAL),
  PRECISION_DIFFERENCE("segmon:paired_precision_difference", Windows.INTERVAL),
  PRECISION_DIFFERENCE_LOWER("segmon:paired_precision_difference_lower", Windows.INTERVAL),
  PRECISION_DIFFERENCE_UPPER("segmon:paired_precision_difference_upper", Windows.INTERVAL),
  RECALL_DIFFERENCE("segmon:paired_recall_difference", Windows.INTERVAL),
  RECALL_DIFFERENCE_LOWER("segmon:paired_recall_difference_lower", Windows.INTERVAL),
  RECALL_DIFFERENCE_UPPER("segmon:paired_recall_difference_upper", Windows.INTERVAL),
  F1_DIFFERENCE("segmon:paired_f1_difference", Windows.INTERVAL),
  F1_DIFFERENCE_LOWER("segmon:paired_f1_difference_lower", Windows.INTERVAL),
  F1_DIFFERENCE_UPPER("segmon:paired_f1_difference_upper", Windows.INTERVAL),
  OVER_SEGMENTATION_DIFFERENCE("segmon:paired_over_segmentation_difference", Windows.INTERVAL),
  OVER_SEGMENTATION_DIFFERENCE_LOWER("segmon:paired_over_segmentation_difference_lower", Windows.INTERVAL),
  OVER_SEGMENTATION_DIFFERENCE_UPPER("segmon:paired_over_segmentation_difference_upper", Windows.INTERVAL),

  // The early estimate (segmon-estimate.rules.yml): the estimate over 5m, its backtest over 1h.
  OVER_SEGMENTATION_ESTIMATED("segmon:boundary_over_segmentation_estimated", Windows.RATE5M),
  OVER_SEGMENTATION_BACKTEST_ESTIMATED("segmon:boundary_over_segmentation_backtest_estimated", Windows.RATE1H),
  OVER_SEGMENTATION_BACKTEST_REALISED("segmon:boundary_over_segmentation_backtest_realised", Windows.RATE1H),
  // Exported by the monitor: the estimate's 95 % interval, labelled by window (docs/contract.md 3.2).
  OVER_SEGMENTATION_ESTIMATED_LOWER("segmon_boundary_over_segmentation_estimated_lower_ratio", false),
  OVER_SEGMENTATION_ESTIMATED_UPPER("segmon_boundary_over_segmentation_estimated_upper_ratio", false),

  // Prometheus itself.
  ALERTS("ALERTS", false);

  static final List<String> WINDOWS = Windows.ALL;

  /** The window lists, in a holder: the constants are built before the enum's own static fields. */
  private static final class Windows {
    static final List<String> ALL = List.of("rate5m", "rate1h", "cumulative");
    static final List<String> INTERVAL = List.of("rate5m", "rate1h");
    static final List<String> RATE5M = List.of("rate5m");
    static final List<String> RATE1H = List.of("rate1h");
  }

  private final String name;
  private final boolean recorded;
  private final List<String> windows;

  DashboardSeries(String name, boolean recorded) {
    this(name, recorded ? Windows.ALL : List.of());
  }

  DashboardSeries(String name, List<String> windows) {
    this.name = name;
    this.recorded = !windows.isEmpty();
    this.windows = windows;
  }

  boolean recorded() {
    return recorded;
  }

  /** The windows this series is recorded for. */
  List<String> windows() {
    return windows;
  }

  /** The exported metric's name. */
  String metric() {
    if (recorded) throw new IllegalStateException(name + " is recorded per window: use at(window)");
    return name;
  }

  /** The recording rule of this ratio or rate for one window. */
  String at(String window) {
    if (!recorded || !windows.contains(window)) throw new IllegalArgumentException(name + ":" + window);
    return name + ":" + window;
  }
}
