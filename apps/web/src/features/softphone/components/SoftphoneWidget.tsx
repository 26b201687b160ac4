import { DownOutlined, PhoneOutlined, UpOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Input, Modal, Popover, Space, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { dockMark } from '../../../shared/layout/dockInset';
import { ScriptButton } from '../../resource';
import { loadLineConfig } from '../config';
import { SoftphoneError } from '../errors';
import { loadedPhone, loadPhone, withPhone } from '../lazyPhone';
import { formatDuration, type TLineState } from '../machine';
import { useSoftphone } from '../store';
import { useWhisperHeard } from '../useWhisperHeard';
import { DtmfPad } from './DtmfPad';
import { TransferForm } from './TransferForm';

const tx = t.softphone;

const hangUp = withPhone((phone) => phone.hangUp());

const lineTag: Record<TLineState, { color: string; text: string }> = {
  offline: { color: 'default', text: tx.offline },
  registering: { color: 'processing', text: tx.registering },
  online: { color: 'success', text: tx.online },
  reconnecting: { color: 'warning', text: tx.reconnecting },
};

/** Keeps the call timer moving while a call is connected. */
const useCallClock = (isRunning: boolean) => {
  const tick = useSoftphone((s) => s.tick);
  useEffect(() => {
    if (!isRunning) return;
    tick(Date.now());
    const timer = setInterval(() => tick(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [isRunning, tick]);
};

/** Dials an internal number (a colleague's SIP key) from the widget. */
const DialForm = () => {
  const [target, setTarget] = useState('');
  const dial = () => {
    const value = target.trim();
    if (!value) return;
    loadPhone()
      .then((phone) => phone.placeCall(value))
      .catch((e: unknown) => {
        // Offline: 请先点击上线按钮 (spec section 5); media refusal already showed its notice.
        if (e instanceof SoftphoneError && e.reason === 'notOnline') {
          feedback.notification.warning({ title: t.app.noticeTitle, description: e.message });
        }
      });
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        value={target}
        onChange={(e) => setTarget(e.target.value)}
        onPressEnter={dial}
        placeholder={tx.dialPlaceholder}
        data-testid="softphone-dial-input"
      />
      <Button type="primary" icon={<PhoneOutlined />} onClick={dial} data-testid="softphone-dial">
        {tx.dial}
      </Button>
    </Space.Compact>
  );
};

/** The controls of a connected call: hang up, hold, mute, keypad, transfer. */
const CallControls = () => {
  const isLocalHold = useSoftphone((s) => s.isLocalHold);
  const isMuted = useSoftphone((s) => s.isMuted);
  const [isTransferOpen, setTransferOpen] = useState(false);
  return (
    <Space wrap size={6}>
      <Button danger type="primary" onClick={hangUp} data-testid="softphone-hangup">
        {tx.hangUp}
      </Button>
      <Button onClick={withPhone((phone) => phone.toggleHold())} data-testid="softphone-hold">
        {isLocalHold ? tx.unhold : tx.hold}
      </Button>
      <Button onClick={withPhone((phone) => phone.toggleMute())} data-testid="softphone-mute">
        {isMuted ? tx.unmute : tx.mute}
      </Button>
      <Popover content={<DtmfPad />} trigger="click" placement="top">
        <Button data-testid="softphone-keypad-toggle">{tx.keypad}</Button>
      </Popover>
      <Popover
        content={<TransferForm onDone={() => setTransferOpen(false)} />}
        trigger="click"
        placement="top"
        open={isTransferOpen}
        onOpenChange={setTransferOpen}
      >
        <Button data-testid="softphone-transfer">{tx.transfer}</Button>
      </Popover>
    </Space>
  );
};

/** What the phone is doing with the current call. */
const CallPanel = () => {
  const call = useSoftphone((s) => s.call);
  const peer = useSoftphone((s) => s.peer);
  const direction = useSoftphone((s) => s.direction);
  const connectedAt = useSoftphone((s) => s.connectedAt);
  const now = useSoftphone((s) => s.now);
  useCallClock(call === 'inCall');
  const heard = useWhisperHeard(call === 'inCall');
  if (call === 'idle') return <DialForm />;
  if (call === 'incoming') {
    return (
      <Space orientation="vertical" size={6}>
        <Typography.Text strong data-testid="softphone-incoming">
          {tx.incomingFrom(peer)}
        </Typography.Text>
        <Space>
          <Button type="primary" onClick={withPhone((phone) => phone.answer())} data-testid="softphone-answer">
            {tx.answer}
          </Button>
          <Button danger onClick={hangUp} data-testid="softphone-hangup">
            {tx.hangUp}
          </Button>
        </Space>
      </Space>
    );
  }
  return (
    <Space orientation="vertical" size={6}>
      <Typography.Text data-testid="softphone-peer">
        {direction === 'in' ? tx.incomingFrom(peer) : tx.talkingWith(peer)}
        {call === 'inCall' && connectedAt !== null && (
          <Typography.Text type="secondary" style={{ marginLeft: 8 }} data-testid="softphone-timer">
            {formatDuration(now - connectedAt)}
          </Typography.Text>
        )}
      </Typography.Text>
      {heard && (
        <Tag color="purple" data-testid="softphone-whisper" data-mode={heard.mode}>
          {heard.mode === 'barge' ? tx.bargeFrom(heard.managerName) : tx.whisperFrom(heard.managerName)}
          {/* biome-ignore lint/a11y/useMediaCaption: a live voice has no captions */}
          <audio
            autoPlay
            data-testid="softphone-whisper-audio"
            ref={(el) => {
              if (el && el.srcObject !== heard.stream) el.srcObject = heard.stream;
            }}
          />
        </Tag>
      )}
      {call === 'ended' ? null : call === 'inCall' ? (
        <CallControls />
      ) : (
        <Button danger type="primary" onClick={hangUp} data-testid="softphone-hangup">
          {tx.hangUp}
        </Button>
      )}
    </Space>
  );
};

/** The transfer question (spec section 4: the user is asked whether to accept an incoming transfer). */
const ReferQuestion = () => {
  const transfer = useSoftphone((s) => s.transfer);
  const referTarget = useSoftphone((s) => s.referTarget);
  return (
    <Modal
      open={transfer === 'notified'}
      title={t.app.noticeTitle}
      okText={tx.referAccept}
      cancelText={tx.referReject}
      onOk={withPhone((phone) => phone.answerRefer(true))}
      onCancel={withPhone((phone) => phone.answerRefer(false))}
      closable={false}
      mask={{ closable: false }}
      rootClassName="softphone-refer-question"
    >
      {tx.referQuestion(referTarget)}
    </Modal>
  );
};

/** Whose own 话术 the dock's panel shows first: the call's task, then the line a dial would use. */
export type TDockScripts = { scriptLineId?: number | null; scriptTaskId?: number | null };
/** What the shell shows in the dock beside the phone: the call's own scripts and its customer. */
export type TDockProps = TDockScripts & { customer?: ReactNode };

/**
 * The soft-phone on every screen (spec section 4 "Soft-phone"): 上线/下线, the line and call
 * status, dialing colleagues, answering, and the controls of a call. A dock below the page
 *: the shell gives it its own row under the scrolling content, so it never covers the
 * last rows, the pagination or the home figures; collapsed it is one line, open it shows the dial
 * pad, and a call in progress opens it.
 */
export const SoftphoneWidget = ({ scriptLineId = null, scriptTaskId = null, customer = null }: TDockProps) => {
  const line = useSoftphone((s) => s.line);
  const call = useSoftphone((s) => s.call);
  const sipKey = useSoftphone((s) => s.sipKey);
  const statusText = useSoftphone((s) => s.statusText);
  const isMediaPrompt = useSoftphone((s) => s.isMediaPrompt);
  const configState = useSoftphone((s) => s.configState);
  const configReason = useSoftphone((s) => s.configReason);
  const [isOpen, setOpen] = useState(false);
  const isCallShown = call !== 'idle';
  useEffect(() => {
    // A seat (a usable config) brings the JsSIP stack at once, so 上线 is immediate; a phone that
    // was online in this tab before the page was reloaded goes online again.
    void loadLineConfig().then((slot) => {
      if (slot.state === 'ready') void loadPhone().then((phone) => phone.resumeOnline());
    });
    // Leaving the signed-in shell (logout) takes the phone offline: nobody could answer it.
    return () => loadedPhone()?.goOffline();
  }, []);
  const tag = lineTag[line];
  const isBusyLine = line === 'registering';
  return (
    <Card
      size="small"
      data-testid="softphone"
      data-config={configState}
      {...dockMark}
      role="region"
      aria-label={tx.title}
      style={{ flex: 'none', borderRadius: 0, borderInline: 0, borderBottom: 0 }}
      styles={{ body: { padding: '8px 16px' } }}
    >
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Typography.Text strong>{tx.title}</Typography.Text>
          <Tag color={tag.color} data-testid="softphone-line">
            {tag.text}
          </Tag>
          <Typography.Text data-testid="softphone-status" style={{ flex: 1 }} ellipsis>
            {statusText}
          </Typography.Text>
          {/* 话术 beside the line: read while calling (a task's call: its script first), or before the call when idle. */}
          <ScriptButton size="small" taskId={scriptTaskId ?? undefined} lineId={scriptLineId} />
          {line === 'online' || line === 'reconnecting' ? (
            <Button size="small" onClick={withPhone((phone) => phone.goOffline())} data-testid="softphone-offline">
              {tx.goOffline}
            </Button>
          ) : (
            <Button
              size="small"
              type="primary"
              loading={isBusyLine}
              onClick={withPhone((phone) => phone.goOnline())}
              data-testid="softphone-online"
            >
              {tx.goOnline}
            </Button>
          )}
          <Button
            size="small"
            type="text"
            icon={isOpen ? <DownOutlined /> : <UpOutlined />}
            onClick={() => setOpen(!isOpen)}
            aria-label={tx.title}
            data-testid="softphone-toggle"
          />
        </div>
        {sipKey && (
          <Typography.Text type="secondary" data-testid="softphone-key">
            {tx.myNumber(sipKey)}
          </Typography.Text>
        )}
        {configState === 'noSeat' && configReason && (
          <Alert type="warning" showIcon title={configReason} data-testid="softphone-reason" />
        )}
        {isMediaPrompt && <Alert type="info" showIcon title={tx.mediaPrompt} data-testid="softphone-media-prompt" />}
        {customer}
        {(isOpen || isCallShown) && (
          <div style={{ maxWidth: 420 }}>
            <CallPanel />
          </div>
        )}
      </Space>
      <ReferQuestion />
    </Card>
  );
};
