import { priorityTimeline, riskPie, typePie } from './chartData';

describe('dashboard chart data', () => {
  it('orders risk High to Low with the risk colours', () => {
    expect(
      riskPie([
        { risk_score: 'Low', count: 5 },
        { risk_score: 'High', count: 2 },
        { risk_score: 'Medium', count: 3 },
      ]),
    ).toEqual({ labels: ['High', 'Medium', 'Low'], series: [2, 3, 5], colors: ['#d32f2f', '#ffbf00', '#2e7d32'] });
  });

  it('names device types', () => {
    expect(
      typePie([
        { device_type: 'linux', count: 4 },
        { device_type: 'rtos', count: 1 },
      ]).labels,
    ).toEqual(['Linux', 'RTOS']);
  });

  it('fills missing days with 0 per priority', () => {
    const timeline = priorityTimeline([
      { date: '2026-11-02', priority: 'High', count: 2 },
      { date: '2026-11-01', priority: 'Low', count: 1 },
    ]);
    expect(timeline.categories).toEqual(['2026-11-01', '2026-11-02']);
    expect(timeline.series).toEqual([
      { name: 'Critical', data: [0, 0] },
      { name: 'High', data: [0, 2] },
      { name: 'Medium', data: [0, 0] },
      { name: 'Low', data: [1, 0] },
    ]);
  });
});
