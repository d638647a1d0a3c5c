import { useState } from 'react';
import { CalendarSubscribe } from '@/components/calendar-subscribe/CalendarSubscribe.js';
import { useCalendarFeedUrl, useRotateCalendarFeed } from '../api/calendar-feed.js';

/**
 * "Subscribe" under the member's calendar: their personal feed, with "Reset
 * link". The address is asked for when the member opens the section, so the
 * page does not move when it arrives and nobody gets a feed they never wanted.
 */
export function MyCalendarSubscribe() {
  const [wanted, setWanted] = useState(false);
  const feed = useCalendarFeedUrl(wanted);
  const rotate = useRotateCalendarFeed();
  return (
    <CalendarSubscribe
      url={feed.data?.url}
      error={
        feed.isError ? 'Your calendar link could not be loaded. Please try again later.' : undefined
      }
      onOpenChange={(opened) => {
        if (opened) setWanted(true);
      }}
      description="Your reservations with their status, the days others hold and the days the house is closed, in your calendar app. Anyone with this link can see your reservations: keep it to yourself."
      onRotate={() => rotate.mutateAsync()}
      rotating={rotate.isPending}
    />
  );
}
