import { Text, type TextProps } from '@mantine/core';

type Props = Omit<TextProps, 'style'> & { reason: string; prefix?: string; 'data-testid'?: string };

/**
 * Why a week was rejected, as its approver wrote it. The text is anybody's: a long word (a link, a run of letters)
 * wraps anywhere rather than widening its column, at most three lines are shown, and hovering shows it whole.
 */
export function RejectionReason({ reason, prefix = '', ...props }: Props) {
  return (
    <Text size="xs" lineClamp={3} title={reason} maw="18rem" style={{ overflowWrap: 'anywhere' }} {...props}>
      {prefix}
      {reason}
    </Text>
  );
}
