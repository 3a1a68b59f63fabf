/** Test ids for what role locators cannot reach, such as virtualized rows. */
export const TEST_IDS = {
  logRow: 'log-row',
  logList: 'log-list',
  logPausedBar: 'log-paused-bar',
  logEvicted: 'log-evicted',
  streamStatus: 'stream-status',
  timelineRow: 'timeline-row',
  timelineList: 'timeline-list',
  timelinePausedBar: 'timeline-paused-bar',
  eventDetail: 'event-detail',
  liveAnnouncer: 'live-announcer',
} as const;
