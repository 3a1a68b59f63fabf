/** Test ids for what role locators cannot reach, such as virtualized rows. */
export const TEST_IDS = {
  logRow: 'log-row',
  logList: 'log-list',
  logPausedBar: 'log-paused-bar',
  logEvicted: 'log-evicted',
  logCounts: 'log-counts',
  streamStatus: 'stream-status',
  timelineRow: 'timeline-row',
  timelineList: 'timeline-list',
  timelinePausedBar: 'timeline-paused-bar',
  timelineCounts: 'timeline-counts',
  eventDetail: 'event-detail',
  allRow: 'all-row',
  allList: 'all-list',
  allPausedBar: 'all-paused-bar',
  liveAnnouncer: 'live-announcer',
} as const;
